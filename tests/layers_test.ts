/**
 * The layers, checked on every import of product code: shared code at the
 * bottom, the server above it, nothing importing tests, benchmarks, scripts
 * or the demos except the composition root. The allowed folders per layer
 * are the READMEs' "may import" lines; a new arrow against them fails here.
 */
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";
import { ROOT_DIR } from "../server/paths.ts";

/** Top folder (or root file) of each layer, and the folders it may import from (itself always). */
const MAY_IMPORT: Readonly<Record<string, readonly string[]>> = {
  "lib": [],
  "queries": ["lib"],
  "server": ["lib", "queries"],
  "og": ["lib"],
  "app": ["lib", "queries"],
  "demo_gateway": ["lib", "queries", "server"],
  // The demo chain deploys the demo gateway's tokens and pools: one demo, two halves.
  "demo_chain": ["lib", "server", "demo_gateway"],
  "scripts": ["lib", "queries", "server", "og", "app", "demo_gateway", "demo_chain"],
  "bench": ["lib", "queries", "server", "og", "app", "demo_gateway", "demo_chain", "server.ts"],
  "server.ts": ["lib", "queries", "server", "og", "demo_gateway", "demo_chain"],
};

/** Single arrows the layers allow beyond their folders, each with its reason. */
const EXCEPTIONS: Readonly<Record<string, string>> = {
  // Runs only in the server build (React Router's server entry), never in the browser: it logs through the one logger.
  "app/entry.server.tsx -> server/log.ts": "server-only entry",
};

const SOURCE = /\.(ts|tsx)$/;
const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']/g;

function layerOf(path: string): string {
  return path.includes("/") ? path.split("/")[0] : path;
}

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(join(ROOT_DIR, dir))) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory) {
      if (
        ["node_modules", "build", ".git", ".data", ".react-router", "tests", "test-results", "testdata"].includes(
          entry.name,
        )
      ) continue;
      yield* productFiles(path);
    } else if (SOURCE.test(entry.name) && !/_test\.tsx?$/.test(entry.name) && !entry.name.startsWith("test_")) {
      yield path;
    }
  }
}

/** Every relative import of every product module: `[from, to]`, repo-relative. */
async function productImports(): Promise<[string, string][]> {
  const arrows: [string, string][] = [];
  for await (const file of productFiles("")) {
    if (!(layerOf(file) in MAY_IMPORT)) continue;
    const text = await Deno.readTextFile(join(ROOT_DIR, file));
    for (const match of text.matchAll(SPECIFIER)) {
      const specifier = match[1] ?? match[2];
      arrows.push([file, normalize(join(dirname(file), specifier))]);
    }
  }
  return arrows;
}

Deno.test("layers: every import of product code points down or sideways as the folder READMEs say", async () => {
  const arrows = await productImports();
  assert.ok(arrows.length > 500, `only ${arrows.length} imports found: the scan is broken`);
  const wrong = arrows.filter(([from, to]) => {
    const source = layerOf(from);
    const target = layerOf(relative(".", to));
    if (source === target || `${from} -> ${to}` in EXCEPTIONS) return false;
    return !MAY_IMPORT[source].includes(target);
  }).map(([from, to]) => `${from} -> ${to}`);
  assert.deepEqual(wrong, [], "imports against the layers");
});

/**
 * app/'s folders, bottom first: each imports only the folders before it (and itself), so the features sit on the
 * wallet and the shared components and never on each other's screens. `components/controls` (buttons, sheets, rows)
 * is its own floor under the wallet; the root files (`root.tsx`, the entries, `routes.ts`) are the top.
 */
const APP_FOLDERS = [
  "lib",
  "components/controls",
  "wallet",
  "components",
  "review",
  "swap",
  "send",
  "liquidity",
  "explore",
  "nft",
  "portfolio",
  "routes",
  "",
] as const;

/** The floor of an app/ file in {@linkcode APP_FOLDERS}: -1 outside app/ or in an unknown folder. */
function appFloor(path: string): number {
  if (!path.startsWith("app/")) return -1;
  const rest = path.slice("app/".length);
  if (!rest.includes("/")) return APP_FOLDERS.length - 1;
  if (rest.startsWith("components/controls/")) return APP_FOLDERS.indexOf("components/controls");
  return APP_FOLDERS.indexOf(rest.split("/")[0] as typeof APP_FOLDERS[number]);
}

Deno.test("layers: app/'s folders import one way, down the floors of APP_FOLDERS", async () => {
  const arrows = (await productImports()).filter(([from, to]) => from.startsWith("app/") && to.startsWith("app/"));
  const unknown = [...new Set(arrows.flatMap(([from, to]) => [from, to]).filter((f) => appFloor(f) < 0))];
  assert.deepEqual(unknown, [], "app/ files in a folder APP_FOLDERS does not name");
  const up = arrows.filter(([from, to]) => appFloor(to) > appFloor(from)).map(([from, to]) => `${from} -> ${to}`);
  assert.deepEqual(up, [], "imports up the floors of app/");
});

Deno.test("layers: appFloor puts a feature above the wallet and the controls below it", () => {
  assert.ok(appFloor("app/swap/swap_panel.tsx") > appFloor("app/wallet/wallet_tx.ts"));
  assert.ok(appFloor("app/components/controls/sheet.tsx") < appFloor("app/wallet/wallet_button.tsx"));
  assert.ok(appFloor("app/root.tsx") > appFloor("app/routes/swap.tsx"));
  assert.equal(appFloor("app/elsewhere/x.ts"), -1);
});

Deno.test("layers: nothing but tests imports tests/, and only the root imports the demos", async () => {
  const arrows = await productImports();
  const wrong = arrows.filter(([from, to]) =>
    to.startsWith("tests/") ||
    (/^(demo_gateway|demo_chain)\//.test(to) &&
      !["server.ts", "scripts", "bench", "demo_gateway", "demo_chain"].includes(layerOf(from)))
  );
  assert.deepEqual(wrong, []);
});

Deno.test("layers: lib/ is browser-safe (no Deno APIs, no node: modules)", async () => {
  const offenders: string[] = [];
  for await (const file of productFiles("lib")) {
    const text = await Deno.readTextFile(join(ROOT_DIR, file));
    const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/\/\/.*$/gm, "");
    if (/\bDeno\./.test(code) || /from\s+["']node:/.test(code)) offenders.push(file);
  }
  assert.deepEqual(offenders, []);
});

Deno.test("layers: test file names are unique, so a failure named by its file is never ambiguous", async () => {
  const seen = new Map<string, string>();
  const repeats: string[] = [];
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(join(ROOT_DIR, dir))) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isDirectory) {
        if (!["node_modules", "build", ".git", ".data", ".react-router", "test-results"].includes(entry.name)) {
          await walk(path);
        }
      } else if (/_test\.tsx?$/.test(entry.name)) {
        const base = entry.name.replace(/\.tsx?$/, "");
        const other = seen.get(base);
        if (other) repeats.push(`${other} ~ ${path}`);
        seen.set(base, path);
      }
    }
  }
  await walk("");
  assert.ok(seen.size > 100, `only ${seen.size} test files found`);
  assert.deepEqual(repeats, []);
});

/** The circles of a graph of files: each as its files in order, starting from its smallest path. */
function circles(arrows: readonly [string, string][]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const [from, to] of arrows) {
    const target = SOURCE.test(to) ? to : null;
    if (!target) continue;
    (next.get(from) ?? next.set(from, new Set()).get(from)!).add(target);
  }
  const found = new Map<string, string[]>();
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const to of next.get(file) ?? []) {
      if (state.get(to) === "open") {
        const circle = stack.slice(stack.indexOf(to));
        const start = circle.indexOf([...circle].sort()[0]);
        const ordered = [...circle.slice(start), ...circle.slice(0, start)];
        found.set(ordered.join(" -> "), ordered);
      } else if (!state.has(to)) visit(to);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of [...next.keys()].sort()) if (!state.has(file)) visit(file);
  return [...found.values()];
}

Deno.test("layers: no circle of imports inside a layer (static, type or dynamic import)", async () => {
  // A file naming itself (a usage example in its own documentation) is no circle.
  const arrows = (await productImports()).filter(([from, to]) =>
    from !== to && layerOf(from) === layerOf(relative(".", to))
  );
  // A circle a -> b -> a (e.g. a screen lazily importing a module that imports the screen back) means the two are
  // one module in two files, or that a shared part belongs below both.
  const found = circles(arrows).map((c) => [...c, c[0]].join(" -> "));
  assert.deepEqual(found, [], "circles of imports inside a layer");
});

Deno.test("layers: circles() finds a circle of three and none in a chain", () => {
  assert.deepEqual(circles([["a.ts", "b.ts"], ["b.ts", "c.ts"], ["c.ts", "a.ts"]]), [["a.ts", "b.ts", "c.ts"]]);
  assert.deepEqual(circles([["a.ts", "b.ts"], ["b.ts", "c.ts"]]), []);
});

/** Every function of `text` (declarations, expressions, arrows, methods) longer than `max` lines. */
async function longFunctions(path: string, text: string, max: number): Promise<string[]> {
  const ts = (await import("typescript")).default;
  const kind = path.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, kind);
  const long: string[] = [];
  const visit = (node: import("typescript").Node) => {
    if (
      ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) ||
      ts.isMethodDeclaration(node)
    ) {
      const first = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const lines = source.getLineAndCharacterOfPosition(node.getEnd()).line - first + 1;
      if (lines > max) long.push(`${path}:${first + 1} (${lines} lines)`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return long;
}

Deno.test("layers: no function in app/ is over 150 lines", async () => {
  const long: string[] = [];
  let files = 0;
  async function walk(dir: string): Promise<void> {
    for await (const entry of Deno.readDir(join(ROOT_DIR, dir))) {
      const path = `${dir}/${entry.name}`;
      if (entry.isDirectory) await walk(path);
      else if (SOURCE.test(entry.name)) {
        files++;
        long.push(...await longFunctions(path, await Deno.readTextFile(join(ROOT_DIR, path)), 150));
      }
    }
  }
  await walk("app");
  assert.ok(files > 150, `only ${files} files in app/`);
  assert.deepEqual(long, []);
  // The measure itself: a 151-line function is found, a 150-line one is not.
  const body = (n: number) => `function f() {\n${"  x();\n".repeat(n - 2)}}\n`;
  assert.deepEqual(await longFunctions("t.ts", body(151), 150), ["t.ts:1 (151 lines)"]);
  assert.deepEqual(await longFunctions("t.ts", body(150), 150), []);
});
