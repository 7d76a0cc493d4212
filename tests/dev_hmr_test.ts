/**
 * The dev loop (`deno task dev`) as a developer uses it, in a copy of the
 * repository in a temporary folder that links the installed `node_modules`
 * (so the test never edits the working tree):
 * the service answers on `PORT` only, Vite's HMR WebSocket connects through
 * it, an edit to a component shows in the open page without a reload, an
 * edit under `lib/` restarts the server, and SIGTERM to the task ends every
 * process it started.
 */
import assert from "node:assert/strict";
import { cpSync, rmSync } from "node:fs";
import { forEachLine } from "../lib/lines.ts";
import { launchBrowser } from "./server_harness.ts";
import { ROOT_DIR } from "../server/paths.ts";

const DESKTOP_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36";
/** What the copy leaves out: history, installs, builds, data, and what the service never loads. */
const NOT_COPIED = new Set([
  ".git",
  "node_modules",
  "build",
  ".data",
  "test-results",
  ".react-router",
  "bench",
  "tests",
]);

function freePort(): number {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

function portIsFree(port: number): boolean {
  try {
    Deno.listen({ hostname: "127.0.0.1", port }).close();
    return true;
  } catch {
    return false;
  }
}

/** Resolves once `predicate` holds for a line of `output` at or after `from`. */
function waitForLine(
  output: string[],
  onLine: Set<() => void>,
  predicate: (line: string) => boolean,
  from = 0,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const check = () => {
      const line = output.slice(from).find(predicate);
      if (line !== undefined) {
        onLine.delete(check);
        clearTimeout(timer);
        resolve(line);
      }
    };
    const timer = setTimeout(() => {
      onLine.delete(check);
      reject(new Error(`no matching line within 90 s; output:\n${output.join("\n")}`));
    }, 90_000);
    onLine.add(check);
    check();
  });
}

Deno.test({
  name: "dev: HMR through PORT shows a component edit without a reload; lib/ edits restart; SIGTERM ends all",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const copy = `${await Deno.makeTempDir({ prefix: "dev_hmr_" })}/`;
    for (const entry of Deno.readDirSync(ROOT_DIR)) {
      // New file times on purpose: the install markers go by the manifests' content, so the copy's `task dev`
      // must install nothing into the shared node_modules (a serving install would prune the test packages).
      if (!NOT_COPIED.has(entry.name)) cpSync(`${ROOT_DIR}${entry.name}`, `${copy}${entry.name}`, { recursive: true });
    }
    await Deno.symlink(`${ROOT_DIR}node_modules`, `${copy}node_modules`);
    const port = freePort();
    const child = new Deno.Command(Deno.execPath(), {
      args: ["task", "dev"],
      cwd: copy,
      env: { PORT: String(port), HOSTNAME: "127.0.0.1", DENO_KV_PATH: ":memory:", NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
      stdin: "null",
    }).spawn();
    const output: string[] = [];
    const onLine = new Set<() => void>();
    const pump = (stream: ReadableStream<Uint8Array>) =>
      forEachLine(stream, (line) => {
        output.push(line);
        for (const check of [...onLine]) check();
      });
    const pumps = Promise.all([pump(child.stdout), pump(child.stderr)]);
    const browser = await launchBrowser();
    let exited = false;
    try {
      const listening = await waitForLine(output, onLine, (line) => line.includes("Listening on"));
      assert.ok(listening.includes(`127.0.0.1:${port}`), listening);
      assert.doesNotMatch(output.join("\n"), /Installing npm packages/, "task dev reinstalled the shared node_modules");
      const vitePort = Number(/Vite dev server \(HMR\) on http:\/\/127\.0\.0\.1:(\d+)/.exec(output.join("\n"))?.[1]);
      assert.ok(vitePort > 0 && vitePort !== 5173 && vitePort !== port, `Vite's port: ${vitePort}`);

      const context = await browser.newContext({ userAgent: DESKTOP_UA });
      const page = await context.newPage();
      const problems: string[] = [];
      const consoleLines: string[] = [];
      page.on("console", (message) => {
        consoleLines.push(`${message.type()}: ${message.text()}`);
        if (/failed to connect to websocket/i.test(message.text())) problems.push(message.text());
      });
      page.on("pageerror", (error) => consoleLines.push(`pageerror: ${error.message}`));
      const sockets: string[] = [];
      page.on("websocket", (ws) => sockets.push(ws.url()));
      await page.goto(`http://127.0.0.1:${port}/explore`, { waitUntil: "load", timeout: 90_000 });
      await page.waitForFunction(() => "__reactRouterDataRouter" in globalThis, null, { timeout: 60_000 }).catch(
        (error) => {
          throw new Error(`no hydration: ${error}\nconsole:\n${consoleLines.join("\n")}`);
        },
      );
      // The HMR client announces "[vite] connected." once its socket (through PORT) is open.
      await page.waitForEvent("console", { predicate: (m) => m.text().includes("[vite] connected"), timeout: 30_000 })
        .catch(() => {/* it may have connected before the listener; the socket list below decides */});
      assert.ok(sockets.some((url) => url.startsWith(`ws://127.0.0.1:${port}/`)), `sockets: ${sockets.join(", ")}`);
      await page.evaluate(() => Object.assign(globalThis, { __hmrMarker: 42 }));

      // A component module that exports components only, so React Fast Refresh swaps it in place.
      const screen = `${copy}app/explore/explore_screen.tsx`;
      const source = Deno.readTextFileSync(screen);
      const anchor = "<h1>{title}</h1>";
      assert.ok(source.includes(anchor), "the explore heading moved: update this test");
      Deno.writeTextFileSync(screen, source.replace(anchor, `<p data-hmr-probe>HMR probe 7391</p>${anchor}`));
      await page.waitForSelector("[data-hmr-probe]", { timeout: 60_000 }).catch((error) => {
        throw new Error(`the edit did not show: ${error}\nconsole:\n${consoleLines.join("\n")}`);
      });
      assert.equal(await page.locator("[data-hmr-probe]").textContent(), "HMR probe 7391");
      assert.equal(await page.evaluate(() => (globalThis as { __hmrMarker?: number }).__hmrMarker), 42, "reloaded");
      assert.deepEqual(problems, []);
      await context.close();

      // An edit under server/ restarts the server process (Deno's watcher).
      const before = output.length;
      Deno.writeTextFileSync(
        `${copy}server/paths.ts`,
        Deno.readTextFileSync(`${copy}server/paths.ts`) + "\n// edited\n",
      );
      await waitForLine(output, onLine, (line) => line.includes("Listening on"), before);
      const answer = await fetch(`http://127.0.0.1:${port}/robots.txt`).catch(() => null);
      await answer?.body?.cancel();

      // SIGTERM to the task's own process ends everything it started.
      child.kill("SIGTERM");
      const status = await child.status;
      exited = true;
      await pumps;
      assert.ok(status.code === 0 || status.signal === "SIGTERM" || status.code === 143, JSON.stringify(status));
      assert.ok(portIsFree(port), "the service still listens after SIGTERM");
      assert.ok(portIsFree(vitePort), "Vite still listens after SIGTERM");
    } finally {
      await browser.close();
      if (!exited) {
        // SIGTERM lets the task stop what it started; SIGKILL only if it does not.
        try {
          child.kill("SIGTERM");
        } catch { /* gone */ }
        const killer = setTimeout(() => {
          try {
            child.kill("SIGKILL");
          } catch { /* gone */ }
        }, 15_000);
        await child.status;
        clearTimeout(killer);
        let timer: ReturnType<typeof setTimeout> | undefined;
        await Promise.race([pumps, new Promise((resolve) => timer = setTimeout(resolve, 5_000))]);
        clearTimeout(timer);
      }
      rmSync(copy, { recursive: true, force: true });
    }
  },
});
