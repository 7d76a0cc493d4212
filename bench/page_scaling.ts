/**
 * The real token page under load (issue 35's table): `deno task bench` part 5 (`pages`), or alone with
 * `deno run -A bench/page_scaling.ts`.
 *
 * Each side is the real service (`server.ts`, production build, guard, every middleware) spawned against
 * `pages_gateway.ts` (the demo gateway behind a counting proxy: it answers every query the page sends), asked
 * for the token page of the demo's UNI (about 65 KB of HTML) by a desktop browser (its User-Agent,
 * `Accept-Encoding: gzip, deflate, br`) at c=1, 4, 16 and 64 with wrk, in two ways:
 *
 * - `one URL`: every request the same URL: the shared document cache (`server/middleware/document_cache.ts`)
 *   answers from its second request on, one render every 2 s (what the cache is for: many readers of one page);
 * - `distinct URLs`: every request its own query string (a run-unique prefix and a counter), so the document cache
 *   never hits and every request is a render (loaders through the shared gateway-read cache, React's render,
 *   compression): what the page workers alone give.
 *
 * Sides (`BENCH_PAGE_SIDES`, `name:KEY=VALUE,...;...`, each its own process, rounds interleaved and rotating the
 * concurrencies) default to `main thread:PAGE_WORKERS=0;workers:` (the pages rendered on the main thread as before
 * issue 35, and the default pool of page workers). Before and after every side's runs the page is fetched and
 * checked: a `200` document of more than 50 KB with the token's heading, the header and the streamed transactions, no
 * error or not-found state and not the crawler's body; wrk must see no answer other than 2xx. Every round prints req/s, p50, p99 and the
 * process tree's peak RSS (sampled every 100 ms); then the medians with every round beside them.
 *
 * @module
 */
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ETHEREUM_TOKENS } from "../demo_gateway/mod.ts";
import { type BenchServer, sampleTreeMemory, spawnServer, treeCpuMs } from "./server.ts";
import { startPagesGateway } from "./pages_gateway.ts";
import { parseWrk } from "./wrk.ts";

/** The token page measured. */
export const TOKEN_PAGE = `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`;
const BROWSER_UA =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const ACCEPT_ENCODING = "gzip, deflate, br";

/** One measured run. */
export interface PageRun {
  readonly rps: number;
  readonly p50: number;
  readonly p99: number;
  readonly errors: number;
  readonly requests: number;
  readonly peakBytes: number;
  /** CPU time (user + system) of the service's whole process a request, ms. */
  readonly cpuMs: number;
}

/** A row of the result: a side, a case, a concurrency, every round. */
export interface PageRow {
  readonly side: string;
  readonly mode: "one URL" | "distinct URLs";
  readonly connections: number;
  readonly runs: PageRun[];
}

/** Options of {@linkcode runPageScaling}. */
export interface PageScalingOptions {
  readonly rounds: number;
  readonly seconds: number;
  readonly concurrency: readonly number[];
  readonly sides: readonly { name: string; env: Record<string, string> }[];
  /** The cases run; default both. */
  readonly modes?: readonly ("one URL" | "distinct URLs")[];
  readonly log: (line: string) => void;
}

/** `name:KEY=VALUE,...;...` as sides. */
export function parseSides(text: string): { name: string; env: Record<string, string> }[] {
  return text.split(";").filter(Boolean).map((side) => {
    const [name, env = ""] = side.split(/:(.*)/s, 2);
    return {
      name,
      env: Object.fromEntries(env.split(",").filter(Boolean).map((pair) => pair.split("=", 2) as [string, string])),
    };
  });
}

/** `one,distinct` (`BENCH_PAGE_MODES`) as the cases; unset: both. */
export function parseModes(text: string | undefined): ("one URL" | "distinct URLs")[] | undefined {
  if (!text) return undefined;
  return text.split(",").map((mode) => mode.trim() === "one" ? "one URL" : "distinct URLs");
}

/** The median of `values`. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** Throws unless `url` answers the real token page to a browser. */
export async function checkTokenPage(url: string): Promise<number> {
  const response = await fetch(url, { headers: { "user-agent": BROWSER_UA, "accept-encoding": ACCEPT_ENCODING } });
  const html = await response.text();
  const bytes = new TextEncoder().encode(html).length;
  const problems = [
    response.status !== 200 && `status ${response.status}`,
    bytes < 50_000 && `only ${bytes} bytes`,
    !/<h1[^>]*>Uniswap\b/.test(html) && "no token heading",
    !/<header\b/.test(html) && "no header",
    /state-error|not found/i.test(html) && "an error or not-found state",
    !html.includes('id="tx-title"') && "no streamed parts (transactions)",
    html.includes('class="crawler-preview"') && "the crawler's body",
  ].filter(Boolean);
  if (problems.length > 0) throw new Error(`${url} is not the real token page: ${problems.join(", ")}`);
  return bytes;
}

/** wrk's Lua script: every request the token page with its own query string (no document-cache hit). */
function distinctUrlsScript(run: number): string {
  return `
local counter = 0
local prefix = ""
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
function init(args)
  prefix = "${run}-" .. id
end
request = function()
  counter = counter + 1
  return wrk.format("GET", "${TOKEN_PAGE}?r=" .. prefix .. "-" .. counter)
end
`;
}

async function wrk(url: string, connections: number, seconds: number, script: string | null): Promise<PageRun> {
  const output = await new Deno.Command("wrk", {
    args: [
      ...["-t", String(Math.min(2, connections)), "-c", String(connections), "-d", `${seconds}s`],
      ...[
        "--timeout",
        "30s",
        "--latency",
        "-H",
        `User-Agent: ${BROWSER_UA}`,
        "-H",
        `Accept-Encoding: ${ACCEPT_ENCODING}`,
      ],
      ...(script ? ["-s", script] : []),
      url,
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  if (!output.success) throw new Error(`wrk failed: ${new TextDecoder().decode(output.stderr)}`);
  const parsed = parseWrk(text);
  return {
    rps: parsed.requestsPerSecond,
    p50: parsed.p50Ms,
    p99: parsed.p99Ms,
    errors: parsed.errors,
    requests: parsed.requests,
    peakBytes: 0,
    cpuMs: 0,
  };
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
const list = (values: readonly number[]) => values.map((v) => v.toFixed(0)).join(" ");

/** Runs every side, case and concurrency for `rounds` interleaved rounds; logs every run; returns the rows. */
export async function runPageScaling(options: PageScalingOptions): Promise<PageRow[]> {
  const gateway = await startPagesGateway();
  gateway.replay = true;
  const dir = await mkdtemp(join(tmpdir(), "bench-pages-"));
  const servers: BenchServer[] = [];
  const rows = new Map<string, PageRow>();
  try {
    for (const [index, side] of options.sides.entries()) {
      // KV in a file, as the service keeps it by default.
      const kvPath = join(dir, `pages_kv_${index}.sqlite3`);
      const server = await spawnServer({ GRAPHQL_URL: gateway.url, DENO_KV_PATH: kvPath, ...side.env });
      servers.push(server);
      const bytes = await checkTokenPage(`${server.url}${TOKEN_PAGE}`);
      options.log(`pages: ${side.name} (pid ${server.pid}) answers the token page, ${bytes} bytes`);
    }
    let run = 0;
    for (let round = 0; round < options.rounds; round++) {
      const order = options.concurrency.map((_, i) => options.concurrency[(round + i) % options.concurrency.length]);
      for (const c of order) {
        for (const mode of options.modes ?? ["one URL", "distinct URLs"] as const) {
          for (let s = 0; s < options.sides.length; s++) {
            const index = (round + s) % options.sides.length;
            const [side, server] = [options.sides[index], servers[index]];
            let script: string | null = null;
            if (mode === "distinct URLs") {
              script = join(dir, `distinct_${++run}.lua`);
              await writeFile(script, distinctUrlsScript(Date.now() * 100 + run));
            }
            const sampler = sampleTreeMemory(server.pid);
            const cpuBefore = await treeCpuMs(server.pid);
            const result = await wrk(`${server.url}${TOKEN_PAGE}`, c, options.seconds, script);
            const cpuMs = (await treeCpuMs(server.pid) - cpuBefore) / Math.max(1, result.requests);
            const memory = await sampler.stop();
            await checkTokenPage(`${server.url}${TOKEN_PAGE}?check=${run}-${round}`);
            if (result.errors > 0) throw new Error(`${side.name} ${mode} c=${c}: ${result.errors} answers not 2xx`);
            const key = `${side.name}|${mode}|${c}`;
            const row = rows.get(key) ?? { side: side.name, mode, connections: c, runs: [] };
            row.runs.push({ ...result, peakBytes: memory.peak, cpuMs });
            rows.set(key, row);
            options.log(
              `pages round ${round + 1}, ${side.name}, ${mode}, c=${c}: ${result.rps.toFixed(0)} req/s, p50 ${
                result.p50.toFixed(0)
              } ms, p99 ${result.p99.toFixed(0)} ms, ${cpuMs.toFixed(2)} ms of CPU a request, tree peak ${
                mib(memory.peak)
              }`,
            );
            // The next run starts on a quiet service.
            await new Promise((resolve) => setTimeout(resolve, 1000));
          }
        }
      }
    }
  } finally {
    for (const server of servers) await server.stop();
    await gateway.close();
    await rm(dir, { recursive: true, force: true });
  }
  return [...rows.values()];
}

/** One printed line per row: medians, spread and every round. */
export function describeRow(row: PageRow): string {
  const rps = row.runs.map((r) => r.rps);
  const p99 = row.runs.map((r) => r.p99);
  return `${row.side}, ${row.mode}, c=${row.connections}: ${median(rps).toFixed(0)} req/s (${
    Math.min(...rps).toFixed(0)
  }-${Math.max(...rps).toFixed(0)}), p50 ${median(row.runs.map((r) => r.p50)).toFixed(0)} ms, p99 ${
    median(p99).toFixed(0)
  } ms (${Math.min(...p99).toFixed(0)}-${Math.max(...p99).toFixed(0)}); rounds req/s ${list(rps)}, p99 ${
    list(p99)
  }; CPU a request ${median(row.runs.map((r) => r.cpuMs)).toFixed(2)} ms; tree peak ${
    mib(Math.max(...row.runs.map((r) => r.peakBytes)))
  }`;
}

if (import.meta.main) {
  const log = (line: string) => console.error(`bench: ${line}`);
  log(`load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
  const rows = await runPageScaling({
    rounds: Number(Deno.env.get("BENCH_ROUNDS") ?? 3),
    seconds: Number(Deno.env.get("BENCH_SECONDS") ?? 5),
    concurrency: (Deno.env.get("BENCH_SCALING_CONCURRENCY") ?? "1,4,16,64").split(",").map(Number),
    sides: parseSides(Deno.env.get("BENCH_PAGE_SIDES") ?? "main thread:PAGE_WORKERS=0;workers:"),
    modes: parseModes(Deno.env.get("BENCH_PAGE_MODES")),
    log,
  });
  for (const row of rows) console.log(describeRow(row));
  log(`load average ${Deno.loadavg().map((n) => n.toFixed(2)).join(" ")}`);
}
