/**
 * og/ points one way: its folders are stages stacked in one order, each
 * importing only those below it (and itself), no file imports the service
 * (`server/`), and no files import each other in a circle.
 *
 * @module
 */
import assert from "node:assert/strict";
import { dirname, join, normalize, relative } from "node:path";
import { ROOT_DIR } from "./paths.ts";

/** og/'s parts from the bottom up; each may import those before it. `.` is og/'s own root files but `mod.ts`. */
const ORDER = [".", "assets", "layout", "raster", "logo", "job", "workers", "serve", "mod.ts"] as const;

const SPECIFIER =
  /(?:^|[\s;])(?:import|export)\s[^;]*?from\s*["'](\.{1,2}\/[^"']+)["']|import\(\s*["'](\.{1,2}\/[^"']+)["']/g;

async function* productFiles(dir: string): AsyncGenerator<string> {
  for await (const entry of Deno.readDir(join(ROOT_DIR, dir))) {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory) {
      if (entry.name !== "testdata") yield* productFiles(path);
    } else if (/\.tsx?$/.test(entry.name) && !/_test\.tsx?$/.test(entry.name) && !entry.name.startsWith("test_")) {
      yield path;
    }
  }
}

/** Every relative import of og/'s product files: from -> [to], repo-relative. */
async function importGraph(): Promise<Map<string, string[]>> {
  const graph = new Map<string, string[]>();
  for await (const file of productFiles("og")) {
    const text = await Deno.readTextFile(join(ROOT_DIR, file));
    const targets: string[] = [];
    for (const match of text.matchAll(SPECIFIER)) {
      targets.push(normalize(join(dirname(file), match[1] ?? match[2])));
    }
    graph.set(file, targets);
  }
  return graph;
}

/** The part of og/ a repo-relative path is in, or `null` outside og/. */
function partOf(path: string): string | null {
  const inside = relative("og", path);
  if (inside.startsWith("..")) return null;
  if (inside === "mod.ts") return "mod.ts";
  return inside.includes("/") ? inside.split("/")[0] : ".";
}

Deno.test("og/ imports nothing of the service, and its parts import only the parts below them", async () => {
  const graph = await importGraph();
  assert.ok(graph.size > 40, `only ${graph.size} files found: the scan is broken`);
  const wrong: string[] = [];
  for (const [from, targets] of graph) {
    const source = partOf(from)!;
    assert.ok(ORDER.includes(source as typeof ORDER[number]), `${from}: a part of og/ the order does not name`);
    for (const to of targets) {
      const target = partOf(to);
      if (target === null) {
        if (!to.startsWith("lib/")) wrong.push(`${from} -> ${to} (outside og/, not lib/)`);
        continue;
      }
      const below = ORDER.indexOf(target as typeof ORDER[number]) <= ORDER.indexOf(source as typeof ORDER[number]);
      if (!below) wrong.push(`${from} -> ${to} (${source} may not import ${target})`);
    }
  }
  assert.deepEqual(wrong, []);
});

Deno.test("no files of og/ import each other in a circle", async () => {
  const graph = await importGraph();
  const state = new Map<string, "open" | "done">();
  const cycles: string[] = [];
  function visit(file: string, path: string[]): void {
    if (state.get(file) === "done") return;
    if (state.get(file) === "open") {
      cycles.push([...path.slice(path.indexOf(file)), file].join(" -> "));
      return;
    }
    state.set(file, "open");
    for (const to of graph.get(file) ?? []) if (graph.has(to)) visit(to, [...path, file]);
    state.set(file, "done");
  }
  for (const file of graph.keys()) visit(file, []);
  assert.deepEqual(cycles, []);
});
