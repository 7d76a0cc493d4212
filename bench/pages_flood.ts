/**
 * `deno run -A bench/pages_flood.ts`: another client's `/` while one address floods uncached token pages (issue 31,
 * item 4). The real service (demo gateway, production build) on loopback; per round: a prober from `127.0.0.22`
 * asks for `/` every 100 ms on a fresh connection as a browser with a cookie (so `/` is rendered each time, not the
 * shared copy of `server/middleware/document_cache.ts`; `BENCH_COOKIE=0` asks without), first alone (`idle`), then beside 16 connections
 * from `127.0.0.21` asking for the token page with a unique query string each, as fast as they are answered
 * (`flood`). Every round prints the prober's median and p99, its failures, and what the flood got (pages rendered,
 * `429`s); then the medians over `BENCH_ROUNDS` rounds (default 3) of `BENCH_SECONDS` (default 10). Target: the
 * flood's median under 60 ms with no failure.
 *
 * @module
 */
import net from "node:net";
import { spawnServer } from "./server.ts";

const ROUNDS = Math.max(1, Number(Deno.env.get("BENCH_ROUNDS") ?? 3));
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 10);
/** `BENCH_COOKIE=0`: the prober sends no cookie, and gets the shared copy of `/` (`document_cache.ts`). */
const COOKIE = Deno.env.get("BENCH_COOKIE") !== "0";
const TOKEN_PAGE = "/explore/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** One `GET` on a fresh connection from `localAddress`: its status (0: none) once the server closed. */
function get(
  base: URL,
  target: string,
  localAddress: string,
  cookie = false,
): Promise<{ status: number; html: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    const socket = net.connect({ host: base.hostname, port: Number(base.port), localAddress });
    const timer = setTimeout(() => socket.destroy(), 20_000);
    socket.on("connect", () =>
      socket.write(
        `GET ${target} HTTP/1.1\r\nHost: app.test\r\nUser-Agent: ${BROWSER}\r\n` +
          `${cookie ? "Cookie: seen=1\r\n" : ""}Connection: close\r\n\r\n`,
      ));
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString("latin1");
      const status = Number(/^HTTP\/1\.1 (\d{3}) /.exec(text)?.[1] ?? 0);
      resolve({ status, html: /<\/html>\s*(0\r\n\r\n)?$/.test(text) });
    });
  });
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;
}

/** The prober for `seconds`: its times of whole pages and its failures. */
async function probe(base: URL, seconds: number, cookie: boolean): Promise<{ times: number[]; failures: number }> {
  const times: number[] = [];
  let failures = 0;
  const until = performance.now() + seconds * 1000;
  const all: Promise<void>[] = [];
  while (performance.now() < until) {
    all.push((async () => {
      const started = performance.now();
      const { status, html } = await get(base, "/", "127.0.0.22", cookie);
      if (status === 200 && html) times.push(performance.now() - started);
      else failures++;
    })());
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await Promise.all(all);
  return { times, failures };
}

/** 16 flooding connections until `until`; what they got. */
async function flood(base: URL, until: number, round: number) {
  let n = 0;
  let rendered = 0;
  let refused = 0;
  await Promise.all(Array.from({ length: 16 }, async () => {
    while (performance.now() < until) {
      const { status } = await get(base, `${TOKEN_PAGE}?round=${round}&u=${n++}`, "127.0.0.21");
      if (status === 200) rendered++;
      else if (status === 429) refused++;
    }
  }));
  return { rendered, refused };
}

const server = await spawnServer({ DEMO_CHAIN: "0" });
try {
  const base = new URL(server.url);
  await probe(base, 2, COOKIE); // warm the app and the gateway reads
  const medians: { idle: number; flood: number; p99: number; failures: number }[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const idle = await probe(base, Math.max(3, SECONDS / 2), COOKIE);
    const until = performance.now() + SECONDS * 1000;
    const [busy, attack] = await Promise.all([probe(base, SECONDS, COOKIE), flood(base, until, round)]);
    const figures = {
      idle: percentile(idle.times, 0.5),
      flood: percentile(busy.times, 0.5),
      p99: percentile(busy.times, 0.99),
      failures: idle.failures + busy.failures,
    };
    medians.push(figures);
    console.log(
      `round ${round}: / alone median ${figures.idle.toFixed(1)} ms; beside the flood median ` +
        `${figures.flood.toFixed(1)} ms, p99 ${figures.p99.toFixed(1)} ms, ${busy.times.length} pages, ` +
        `${figures.failures} failed; the flood: ${attack.rendered} rendered, ${attack.refused} answered 429`,
    );
  }
  const middle = (key: "idle" | "flood" | "p99") => percentile(medians.map((m) => m[key]), 0.5);
  console.log(
    `median of ${ROUNDS} rounds: / alone ${middle("idle").toFixed(1)} ms; beside the flood ${
      middle("flood").toFixed(1)
    } ms (p99 ${middle("p99").toFixed(1)} ms; spread ${Math.min(...medians.map((m) => m.flood)).toFixed(1)}-${
      Math.max(...medians.map((m) => m.flood)).toFixed(1)
    } ms), failures ${medians.reduce((sum, m) => sum + m.failures, 0)}`,
  );
} finally {
  await server.stop();
}
