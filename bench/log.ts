/**
 * The cost of one request log line: `server/log.ts` (batched asynchronous
 * writes) against one `console.log` of the same JSON per request (the
 * logger before it), stdout piped to a reader as under a process manager.
 * Each side runs in its own child process; rounds alternate A B / B A; every
 * round and the median are printed.
 *
 * `deno run -A bench/log.ts [rounds] [lines]` (defaults 5 and 100,000).
 *
 * @module
 */
import { flushLog, logRequest } from "../server/log.ts";
import { fileURLToPath } from "node:url";

const LINE = {
  method: "GET",
  path: "/api/image/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984",
  status: 200,
};

async function child(mode: string, lines: number): Promise<void> {
  const started = performance.now();
  for (let i = 0; i < lines; i++) {
    const line = { ...LINE, ms: i % 100 / 10 };
    if (mode === "console") console.log(JSON.stringify({ level: "info", msg: "request", ...line }));
    else logRequest(line);
    // Requests arrive over time: give the event loop a turn every 1,000 lines, as between requests.
    if (i % 1000 === 999) await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await flushLog();
  console.error(JSON.stringify({ microsPerLine: (performance.now() - started) * 1000 / lines }));
}

async function run(mode: string, lines: number): Promise<number> {
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", fileURLToPath(import.meta.url), "--child", mode, String(lines)],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const written = new TextDecoder().decode(output.stdout).split("\n").filter(Boolean).length;
  if (written !== lines) throw new Error(`${mode}: ${written} of ${lines} lines reached stdout`);
  return JSON.parse(new TextDecoder().decode(output.stderr).trim().split("\n").at(-1)!).microsPerLine;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

if (import.meta.main) {
  if (Deno.args[0] === "--child") {
    await child(Deno.args[1], Number(Deno.args[2]));
  } else {
    const rounds = Number(Deno.args[0] ?? 5);
    const lines = Number(Deno.args[1] ?? 100_000);
    const results: Record<string, number[]> = { "server/log.ts": [], "console.log": [] };
    for (let round = 1; round <= rounds; round++) {
      const order = round % 2 ? ["server/log.ts", "console.log"] : ["console.log", "server/log.ts"];
      for (const name of order) {
        const micros = await run(name === "console.log" ? "console" : "logger", lines);
        results[name].push(micros);
        console.log(`round ${round} ${name.padEnd(12)} ${micros.toFixed(2)} µs per line`);
      }
    }
    for (const [name, values] of Object.entries(results)) {
      console.log(`median ${name.padEnd(12)} ${median(values).toFixed(2)} µs per line`);
    }
  }
}
