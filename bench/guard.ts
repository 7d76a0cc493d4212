/**
 * The cost of the connection guard (`server/conn_guard/guard.ts`) on the hot path: a
 * cached share image at concurrency 32, the service with the guard in front
 * of `Deno.serve` against the same service listening with `Deno.serve`
 * directly, the guard's microcache off (the relay itself; `hot_path.ts`
 * measures the microcache). Two long-lived server processes (embedded demo gateway), the
 * same warm-up, rounds interleaved A B / B A; every round and the median
 * are printed. Each side's image is checked to be a 200 PNG first, and wrk
 * must see no error.
 *
 * `deno run -A bench/guard.ts [rounds] [seconds]` (defaults 6 and 5).
 *
 * @module
 */
import { loadConfig } from "../server/config.ts";
import { startService } from "../server.ts";
import { createImageHandler } from "../og/mod.ts";
import { fileURLToPath } from "node:url";
import { ROOT_DIR } from "../server/paths.ts";
import { runWrk } from "./wrk.ts";

const IMAGE = "/api/image/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

async function serve(guard: boolean): Promise<void> {
  const config = loadConfig({ HOSTNAME: "127.0.0.1", PORT: "0", DENO_KV_PATH: ":memory:", ...Deno.env.toObject() });
  const service = await startService(config, {
    createImages: createImageHandler,
    // The relay's own cost: the microcache off (it answers hits without relaying; bench/hot_path.ts measures it).
    connectionGuard: guard ? { microcache: false } : false,
  });
  console.log(`Listening on ${service.url}`);
  await service.finished;
}

async function spawn(guard: boolean): Promise<{ url: string; child: Deno.ChildProcess }> {
  const child = new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fileURLToPath(import.meta.url), "--serve", guard ? "on" : "off"],
    cwd: ROOT_DIR,
    stdout: "piped",
    stderr: "inherit",
    stdin: "null",
  }).spawn();
  const reader = child.stdout.pipeThrough(new TextDecoderStream()).getReader();
  let text = "";
  while (true) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`server exited before listening:\n${text}`);
    text += value;
    const match = /Listening on (http:\/\/\S+)/.exec(text);
    if (match) {
      // Keep draining stdout (request lines) so the server never blocks on it.
      (async () => {
        while (!(await reader.read()).done) { /* drain */ }
      })();
      return { url: match[1], child };
    }
  }
}

async function checkPng(url: string): Promise<void> {
  for (let i = 0; i < 3; i++) {
    const response = await fetch(url);
    const bytes = new Uint8Array(await response.arrayBuffer());
    if (response.status !== 200 || !PNG_SIGNATURE.every((b, j) => bytes[j] === b)) {
      throw new Error(`${url} answered ${response.status}, not a PNG`);
    }
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

async function main(): Promise<void> {
  const rounds = Number(Deno.args[0] ?? 6);
  const seconds = Number(Deno.args[1] ?? 5);
  const sides = { guard: await spawn(true), direct: await spawn(false) };
  try {
    for (const side of Object.values(sides)) {
      await checkPng(side.url + IMAGE);
      await runWrk(side.url + IMAGE, 32, 2); // warm-up
    }
    const results: Record<string, { rps: number[]; p99: number[] }> = {
      guard: { rps: [], p99: [] },
      direct: { rps: [], p99: [] },
    };
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? ["guard", "direct"] as const : ["direct", "guard"] as const;
      for (const name of order) {
        const result = await runWrk(sides[name].url + IMAGE, 32, seconds);
        if (result.errors > 0) throw new Error(`${name}: wrk saw ${result.errors} errors`);
        results[name].rps.push(result.requestsPerSecond);
        results[name].p99.push(result.p99Ms);
        console.log(
          `round ${round} ${name.padEnd(6)} ${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  ` +
            `p50 ${result.p50Ms.toFixed(2)} ms  p99 ${result.p99Ms.toFixed(2)} ms`,
        );
      }
    }
    const g = median(results.guard.rps);
    const d = median(results.direct.rps);
    console.log(`median guard ${g.toFixed(0)} req/s (p99 ${median(results.guard.p99).toFixed(2)} ms)`);
    console.log(`median direct ${d.toFixed(0)} req/s (p99 ${median(results.direct.p99).toFixed(2)} ms)`);
    console.log(`guard/direct ${(g / d).toFixed(3)}`);
  } finally {
    for (const side of Object.values(sides)) {
      side.child.kill("SIGTERM");
      await side.child.status;
    }
  }
}

if (import.meta.main) {
  if (Deno.args[0] === "--serve") await serve(Deno.args[1] === "on");
  else await main();
}
