/**
 * The hot path against its ceiling: the real service (`server.ts`: every
 * middleware, the connection guard on, request logging on, the embedded demo
 * gateway) against a bare `Deno.serve` (`bare_server.ts`) sending the very
 * bytes and headers the service answered, for
 *
 * - a cached share image, wrk at c=32;
 * - a crawler document (a crawler's `GET` of a whitelisted page, kept by
 *   `server/previews/crawler.ts`), wrk at c=16 with a crawler User-Agent.
 *
 * With the guard's microcache (`server/conn_guard/microcache.ts`) the service's
 * hot path is the guard answering from memory; a third side, `internal`, is the
 * same service with the microcache off (every request relayed to the internal
 * `Deno.serve` and through the middlewares: what a first request, or one with
 * other headers, costs), printed for the record.
 *
 * Each side is one long-lived process; all get the same warm-up, then the
 * rounds run interleaved (the order rotating each round). Before and after
 * every wrk run every side is checked to answer 200 with the reference bytes
 * and headers, and wrk must see no error. Every round and the median ratios
 * are printed.
 *
 * `deno task bench:hot [rounds] [seconds]` (defaults 4 and 5).
 *
 * @module
 */
import { join } from "node:path";
import { type BenchServer, spawnListening, spawnServer } from "./server.ts";
import { loadConfig } from "../server/config.ts";
import { logger } from "../server/log.ts";
import { startService } from "../server.ts";
import { type LoadResult, runWrk } from "./wrk.ts";

/** One thing the bench asks for. */
interface Case {
  readonly name: string;
  readonly path: string;
  readonly connections: number;
  readonly headers: Readonly<Record<string, string>>;
}

const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const CASES: readonly Case[] = [
  { name: "cached image", path: `/api/image/tokens/ethereum/${UNI}`, connections: 32, headers: {} },
  {
    name: "crawler document",
    path: `/explore/tokens/ethereum/${UNI}`,
    connections: 16,
    headers: { "user-agent": "Twitterbot/1.0" },
  },
];

/** Headers that differ per answer or that Deno sets itself. */
const PER_ANSWER = new Set(["date", "content-length", "transfer-encoding", "connection", "keep-alive"]);

interface Reference {
  readonly body: Uint8Array;
  readonly headers: [string, string][];
}

async function get(url: string, headers: Readonly<Record<string, string>>): Promise<Reference & { status: number }> {
  // As wrk asks: no Accept-Encoding (fetch would add one), so the raw answer.
  const response = await fetch(url, { headers: { "accept-encoding": "identity", ...headers } });
  const body = new Uint8Array(await response.arrayBuffer());
  const kept = [...response.headers].filter(([name]) => !PER_ANSWER.has(name));
  return { status: response.status, body, headers: kept };
}

/** The service's answer once it is a 200 twice in a row with the same bytes (rendered, then kept). */
async function reference(url: string, headers: Readonly<Record<string, string>>): Promise<Reference> {
  const deadline = performance.now() + 60_000;
  let last: Uint8Array | null = null;
  while (performance.now() < deadline) {
    const answer = await get(url, headers);
    if (answer.status === 200 && last !== null && sameBytes(last, answer.body)) return answer;
    last = answer.status === 200 ? answer.body : null;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer the same 200 twice within 60 s`);
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.byteLength === b.byteLength && a.every((byte, i) => byte === b[i]);
}

/** Throws unless `url` answers 200 with the reference bytes and headers. */
async function check(side: string, url: string, test: Case, expected: Reference): Promise<void> {
  const answer = await get(url, test.headers);
  if (answer.status !== 200 || !sameBytes(answer.body, expected.body)) {
    throw new Error(`${side} ${test.name}: answered ${answer.status} with other bytes (${answer.body.byteLength})`);
  }
  const text = (headers: [string, string][]) => JSON.stringify([...headers].sort());
  if (text(answer.headers) !== text(expected.headers)) {
    throw new Error(`${side} ${test.name}: other headers ${text(answer.headers)}, expected ${text(expected.headers)}`);
  }
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function line(result: LoadResult): string {
  return `${result.requestsPerSecond.toFixed(0).padStart(6)} req/s  p50 ${result.p50Ms.toFixed(2)} ms  ` +
    `p99 ${result.p99Ms.toFixed(2)} ms`;
}

type Side = "service" | "internal" | "bare";

async function runCase(
  service: BenchServer,
  internal: BenchServer,
  test: Case,
  rounds: number,
  seconds: number,
  dir: string,
) {
  const serviceUrl = service.url + test.path;
  const expected = await reference(serviceUrl, test.headers);
  // The internal side's own bytes: a document names its origin, port included.
  const internalExpected = await reference(internal.url + test.path, test.headers);
  const bodyFile = join(dir, `${test.connections}.body`);
  const headersFile = join(dir, `${test.connections}.headers.json`);
  await Deno.writeFile(bodyFile, expected.body);
  await Deno.writeTextFile(headersFile, JSON.stringify(expected.headers));
  const bare = await spawnListening(Deno.execPath(), ["run", "-A", "bench/bare_server.ts", bodyFile, headersFile]);
  try {
    const sides: Record<Side, string> = {
      service: serviceUrl,
      internal: internal.url + test.path,
      bare: bare.url + test.path,
    };
    console.log(`${test.name}: ${expected.body.byteLength} bytes, c=${test.connections}`);
    const expectedOf = (side: Side) => side === "internal" ? internalExpected : expected;
    for (const side of ["service", "internal", "bare"] as const) {
      const url = sides[side];
      await check(side, url, test, expectedOf(side));
      await runWrk(url, test.connections, 2, test.headers); // the same warm-up on both
    }
    const rps: Record<Side, number[]> = { service: [], internal: [], bare: [] };
    const ratios: number[] = [];
    const internalRatios: number[] = [];
    const names: Side[] = ["service", "bare", "internal"];
    for (let round = 1; round <= rounds; round++) {
      const order = names.map((_, i) => names[(i + round - 1) % names.length]);
      for (const side of order) {
        await check(side, sides[side], test, expectedOf(side));
        const result = await runWrk(sides[side], test.connections, seconds, test.headers);
        await check(side, sides[side], test, expectedOf(side));
        if (result.errors > 0) throw new Error(`${side} ${test.name}: wrk saw ${result.errors} errors`);
        rps[side].push(result.requestsPerSecond);
        console.log(`  round ${round} ${side.padEnd(8)} ${line(result)}`);
      }
      ratios.push(rps.service[round - 1] / rps.bare[round - 1]);
      internalRatios.push(rps.internal[round - 1] / rps.bare[round - 1]);
      console.log(
        `  round ${round} service/bare ${ratios[round - 1].toFixed(2)}x, ` +
          `internal/bare ${internalRatios[round - 1].toFixed(2)}x`,
      );
    }
    const rounded = (values: number[]) => values.map((r) => r.toFixed(2)).join(" ");
    console.log(
      `  median service ${median(rps.service).toFixed(0)} req/s, bare ${median(rps.bare).toFixed(0)} req/s, ` +
        `ratio ${median(ratios).toFixed(2)}x (rounds ${rounded(ratios)})`,
    );
    console.log(
      `  median internal (microcache off) ${median(rps.internal).toFixed(0)} req/s, ` +
        `ratio ${median(internalRatios).toFixed(2)}x (rounds ${rounded(internalRatios)})`,
    );
  } finally {
    await bare.stop();
  }
}

/** The `internal` side: the service as `server.ts` starts it, with the guard's microcache off. */
async function serveWithoutMicrocache(): Promise<void> {
  const service = await startService(loadConfig(Deno.env.toObject()), { connectionGuard: { microcache: false } });
  logger.info(`Listening on ${service.url}`);
  const stop = () => service.shutdown().then(() => Deno.exit(0));
  Deno.addSignalListener("SIGTERM", stop);
  await service.finished;
}

async function main(): Promise<void> {
  const rounds = Number(Deno.args[0] ?? 4);
  const seconds = Number(Deno.args[1] ?? 5);
  const dir = await Deno.makeTempDir({ prefix: "hot_path_" });
  const service = await spawnServer({});
  const internal = await spawnListening(Deno.execPath(), ["run", "-A", "bench/hot_path.ts", "--without-microcache"], {
    env: { HOSTNAME: "127.0.0.1", PORT: "0", DENO_KV_PATH: ":memory:" },
  });
  try {
    for (const test of CASES) await runCase(service, internal, test, rounds, seconds, dir);
  } finally {
    await Promise.all([service.stop(), internal.stop()]);
    await Deno.remove(dir, { recursive: true });
  }
}

if (import.meta.main) {
  if (Deno.args.includes("--without-microcache")) await serveWithoutMicrocache();
  else await main();
}
