/**
 * `deno task bench`: the share-image benchmarks, each against its peer in
 * interleaved rounds (A B A B, the same warm-up on both sides, each side one
 * long-lived process), every round and the median printed; the figures go to
 * `bench/results.json`. Not part of `deno test` and not run in CI. See
 * `bench/README.md`.
 *
 * 1. Card render: og/ (`drawCard` as a render worker runs it) vs Takumi
 *    (@takumi-rs/core, Node) vs @vercel/og 0.11.1 (Node) vs plain satori +
 *    native resvg-js (Node), token, pool and position cards (`render.tsx`).
 * 2. Cache hit: req/s of a cached image from the service (answered by the
 *    guard's microcache), og/ alone (image cache in memory) and og/ over the
 *    service's KV cache with its LRU off (every hit reads Deno KV), vs a bare
 *    `Deno.serve` sending the same bytes (`bare_server.ts`), wrk at c=32.
 * 3. The whole uncached request (preview lookup, logo fetch, render, KV
 *    write), c=1, fresh tokens, vs Node servers drawing the same card from
 *    the same logo (`node/server.mjs`): @vercel/og, and Takumi.
 * 4. First image after spawn: the service vs the Node @vercel/og server.
 * 6. Uncached scaling (`scaling`): uncached token images at c=1, 4, 16, 64,
 *    each request a new token from a new client, p50 and p99, every round
 *    and the median, sides interleaved (`BENCH_SCALING_SIDES`).
 * 5. The real token page (`pages`, `page_scaling.ts`) at c=1, 4, 16, 64, one
 *    URL and distinct URLs, rendered on the main thread and on the page
 *    workers, against a gateway that answers every query of the page; and
 *    the service's memory (`memory`: its whole
 *    process tree, main process and render workers): idle after start-up,
 *    over 500 uncached images, and once the workers retired (no peer).
 *
 * Parts 2-5 need the app build (`deno task build`); without it they are
 * skipped with a note.
 *
 * @module
 */
import { decode as decodePng } from "fast-png";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { benchCards, writeCardsFile } from "./cards.tsx";
import { ROOT_DIR } from "../server/paths.ts";
import { type BenchGateway, startBenchGateway } from "./gateway.ts";
import { runRenderComparison } from "./render.tsx";
import {
  type BenchServer,
  firstOk,
  sampleTreeMemory,
  spawnListening,
  spawnServer,
  treeCpuMs,
  type TreeMemory,
  treeMemoryOf,
} from "./server.ts";
import { parseWrk, runWrk } from "./wrk.ts";
import { parseModes, parseSides, runPageScaling } from "./page_scaling.ts";

const CONCURRENCY = 32;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const ROUNDS = Number(Deno.env.get("BENCH_ROUNDS") ?? 4);
const UNCACHED_PER_ROUND = Number(Deno.env.get("BENCH_UNCACHED_PER_ROUND") ?? 15);
const MEMORY_IMAGES = Number(Deno.env.get("BENCH_MEMORY_IMAGES") ?? 500);
/** The service's RENDER_IDLE_SECONDS in part 5 (production default 30): how long the retirement check waits. */
const IDLE_SECONDS = Number(Deno.env.get("BENCH_IDLE_SECONDS") ?? 10);
/** How long after "Listening" the idle tree is read (start-up settled). */
const SETTLE_MS = Number(Deno.env.get("BENCH_SETTLE_MS") ?? 3000);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
/**
 * Parts 5 (memory) and 6 (scaling) give each token a logo of its own colour, as real tokens have
 * (`useDistinctLogos` of `gateway.ts`); `BENCH_SAME_LOGO=1` gives every token the one bench logo, as
 * before 2026-11-28 (every card then reuses one kept backdrop).
 */
const SAME_LOGO = Deno.env.get("BENCH_SAME_LOGO") === "1";
/** Concurrencies of the uncached image scaling part. */
const SCALING_CONCURRENCY = (Deno.env.get("BENCH_SCALING_CONCURRENCY") ?? "1,4,16,64").split(",").map(Number);
/**
 * The services compared in the scaling part, `name:KEY=VALUE,...;name:...` (each its own process, rounds
 * interleaved), e.g. `one worker:RENDER_WORKERS=1;default:`; default: the service as configured by default.
 */
const SCALING_SIDES: { name: string; env: Record<string, string> }[] = (Deno.env.get("BENCH_SCALING_SIDES") ??
  "service:").split(";").filter(Boolean).map((side) => {
    const [name, env = ""] = side.split(/:(.*)/s, 2);
    return {
      name,
      env: Object.fromEntries(env.split(",").filter(Boolean).map((pair) => pair.split("=", 2) as [string, string])),
    };
  });

/** One line of the printed table. */
interface Row {
  name: string;
  p50?: number;
  p95?: number;
  p99?: number;
  rps?: number;
  value?: string;
  target?: string;
}

const rows: Row[] = [];
const results: Record<string, unknown> = {
  date: new Date().toISOString(),
  machine: {
    cpus: cpus().length,
    model: cpus()[0]?.model,
    deno: Deno.version.deno,
    loadAverage: Deno.loadavg(),
  },
};

function log(message: string) {
  console.error(`bench: ${message}`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function addressOf(i: number, bytes = 20): string {
  return `0x${i.toString(16).padStart(bytes * 2, "0")}`;
}

function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** Whether `bytes` is a PNG whose header says 1200x630 (the card's size). */
function isCardPng(bytes: Uint8Array): boolean {
  if (!isPng(bytes) || bytes.length < 24) return false;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return view.getUint32(16) === 1200 && view.getUint32(20) === 630;
}

async function get(url: string): Promise<{ status: number; body: Uint8Array; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, body, ms: performance.now() - started };
}

/** GETs `url` and throws unless it is a 200 PNG. */
async function getPng(url: string): Promise<{ body: Uint8Array; ms: number }> {
  const { status, body, ms } = await get(url);
  if (status !== 200 || !isPng(body)) throw new Error(`${url} answered ${status}, ${body.length} bytes, not a PNG`);
  return { body, ms };
}

function serviceEnv(gateway: BenchGateway, extra: Record<string, string> = {}): Record<string, string> {
  return { GRAPHQL_URL: gateway.url, LOGO_ALLOWED_HOSTS: gateway.logoHost, ...extra };
}

function roundsText(ratios: number[]): string {
  return `${median(ratios).toFixed(2)}x (rounds ${ratios.map((r) => r.toFixed(2)).join(" ")})`;
}

async function cacheHit(gateway: BenchGateway, dir: string): Promise<void> {
  const server = await spawnServer(serviceEnv(gateway));
  let bare: BenchServer | null = null;
  let ogOnly: BenchServer | null = null;
  let ogKv: BenchServer | null = null;
  try {
    const path = `/api/image/tokens/ethereum/${addressOf(0xcafe)}`;
    const imageUrl = `${server.url}${path}`;
    const png = (await getPng(imageUrl)).body;
    const file = join(dir, "cached.png");
    await writeFile(file, png);
    bare = await spawnListening(Deno.execPath(), ["run", "-A", "bench/bare_server.ts", file]);
    // og/'s own share: Deno.serve + createImageHandler alone, same bytes from memory.
    ogOnly = await spawnListening(Deno.execPath(), ["run", "-A", "bench/og_server.ts", file, addressOf(0xcafe)]);
    // og/ over the service's KV cache with its LRU off: every hit reads the image from Deno KV.
    ogKv = await spawnListening(Deno.execPath(), ["run", "-A", "bench/og_server.ts", file, addressOf(0xcafe), "kv"]);
    const bareUrl = `${bare.url}/`;
    const sides = { service: imageUrl, og: `${ogOnly.url}${path}`, ogKv: `${ogKv.url}${path}`, bare: bareUrl };
    const figures: Record<string, Awaited<ReturnType<typeof runWrk>>[]> = { service: [], og: [], ogKv: [], bare: [] };
    // The same warm-up on both, and both answer the same bytes.
    for (const [name, url] of Object.entries(sides)) {
      const body = (await getPng(url)).body;
      if (body.length !== png.length || body.some((b, i) => b !== png[i])) throw new Error(`${name}: other bytes`);
      await runWrk(url, CONCURRENCY, 1);
    }
    const ratios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const names = Object.keys(sides);
      const order = names.map((_, i) => names[(round + i) % names.length]);
      for (const name of order) {
        const result = await runWrk(sides[name as keyof typeof sides], CONCURRENCY, SECONDS);
        if (result.errors) throw new Error(`${name}: ${result.errors} errors under load`);
        figures[name].push(result);
      }
      // Each measured response is the real one: check again after the load.
      for (const url of Object.values(sides)) await getPng(url);
      const ratio = figures.service[round].requestsPerSecond / figures.bare[round].requestsPerSecond;
      ratios.push(ratio);
      log(
        `cache hit round ${round + 1}: service ${
          figures.service[round].requestsPerSecond.toFixed(0)
        } req/s, og/ alone ${figures.og[round].requestsPerSecond.toFixed(0)} req/s, og/ + KV ${
          figures.ogKv[round].requestsPerSecond.toFixed(0)
        } req/s, bare ${figures.bare[round].requestsPerSecond.toFixed(0)} req/s (service ${
          ratio.toFixed(2)
        }x, og/ alone ${(figures.og[round].requestsPerSecond / figures.bare[round].requestsPerSecond).toFixed(2)}x)`,
      );
    }
    const rps = (name: string) => median(figures[name].map((f) => f.requestsPerSecond));
    const ogRatios = figures.og.map((f, i) => f.requestsPerSecond / figures.bare[i].requestsPerSecond);
    const kvRatios = figures.ogKv.map((f, i) => f.requestsPerSecond / figures.bare[i].requestsPerSecond);
    results.cacheHit = {
      bytes: png.length,
      rounds: figures,
      ratios,
      ratio: median(ratios),
      ogAloneRatios: ogRatios,
      ogAloneRatio: median(ogRatios),
      ogKvRatios: kvRatios,
      ogKvRatio: median(kvRatios),
    };
    rows.push({
      name: "cache hit, service: the guard's microcache answers (c=32)",
      rps: rps("service"),
      p50: median(figures.service.map((f) => f.p50Ms)),
      p99: median(figures.service.map((f) => f.p99Ms)),
    });
    rows.push({
      name: "bare Deno.serve, same bytes (c=32)",
      rps: rps("bare"),
      p50: median(figures.bare.map((f) => f.p50Ms)),
      p99: median(figures.bare.map((f) => f.p99Ms)),
    });
    rows.push({
      name: "cache hit, og/ alone (image cache in memory)",
      rps: rps("og"),
      p50: median(figures.og.map((f) => f.p50Ms)),
      p99: median(figures.og.map((f) => f.p99Ms)),
    });
    rows.push({
      name: "cache hit, og/ + Deno KV read (LRU off)",
      rps: rps("ogKv"),
      p50: median(figures.ogKv.map((f) => f.p50Ms)),
      p99: median(figures.ogKv.map((f) => f.p99Ms)),
    });
    rows.push({ name: "cache hit: service (microcache) / bare", value: roundsText(ratios), target: ">= 0.8x" });
    rows.push({ name: "cache hit: og/ alone / bare", value: roundsText(ogRatios) });
    rows.push({ name: "cache hit: og/ + KV read / bare", value: roundsText(kvRatios) });
  } finally {
    await ogOnly?.stop();
    await ogKv?.stop();
    await bare?.stop();
    await server.stop();
  }
}

/** The 429s of the service's per-client budget waited out in part 3. */
let uncachedWaits = 0;

/** A decoded card: RGBA pixels. */
type CardPixels = { width: number; height: number; data: Uint8Array };

/**
 * GETs `url` and throws unless it is a 200 PNG that decodes to a 1200x630
 * card (the whole body decoded, after the time is taken).
 */
async function getCard(url: string): Promise<{ body: Uint8Array; ms: number; pixels: CardPixels }> {
  let answer: { body: Uint8Array; ms: number };
  // The service answers one client at most a burst of 40 uncached images, then 2 a second: a 429 (nothing drawn,
  // nothing timed) is waited out as its Retry-After says and the same fresh image asked for again.
  for (let tries = 0;; tries++) {
    const started = performance.now();
    const response = await fetch(url);
    const body = new Uint8Array(await response.arrayBuffer());
    if (response.status === 429 && tries < 20) {
      uncachedWaits++;
      await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
      continue;
    }
    if (response.status !== 200 || !isPng(body)) {
      throw new Error(`${url} answered ${response.status}, ${body.length} bytes, not a PNG`);
    }
    answer = { body, ms: performance.now() - started };
    break;
  }
  const { body, ms } = answer;
  const image = decodePng(body);
  if (image.width !== 1200 || image.height !== 630) {
    throw new Error(`${url} answered a ${image.width}x${image.height} PNG, not the 1200x630 card`);
  }
  const rgba = new Uint8Array(image.width * image.height * 4);
  const src = image.data;
  for (let i = 0, o = 0; o < rgba.length; i += image.channels, o += 4) {
    rgba[o] = src[i];
    rgba[o + 1] = src[i + 1];
    rgba[o + 2] = src[i + 2];
    rgba[o + 3] = image.channels === 4 ? src[i + 3] : 255;
  }
  return { body, ms, pixels: { width: image.width, height: image.height, data: rgba } };
}

/** Mean absolute difference per channel (0-255) of two cards of one size. */
function meanDifference(a: CardPixels, b: CardPixels): number {
  let sum = 0;
  for (let i = 0; i < a.data.length; i++) sum += Math.abs(a.data[i] - b.data[i]);
  return sum / a.data.length;
}

async function uncached(gateway: BenchGateway, cardsFile: string): Promise<void> {
  const server = await spawnServer(serviceEnv(gateway));
  const node = await spawnListening("node", ["server.mjs", cardsFile, gateway.logoUrl, "vercel"], {
    cwd: join(ROOT_DIR, "bench/node"),
  });
  const takumi = await spawnListening("node", ["server.mjs", cardsFile, gateway.logoUrl, "takumi"], {
    cwd: join(ROOT_DIR, "bench/node"),
  }).catch(async (error) => {
    await node.stop();
    throw error;
  });
  try {
    let next = 0x100000;
    const sides = {
      service: () => `${server.url}/api/image/tokens/ethereum/${addressOf(next++)}`,
      node: () => `${node.url}/token?n=${next++}`,
      takumi: () => `${takumi.url}/token?n=${next++}`,
    };
    // The same warm-up on every side; each side's first card is its reference: every later answer of that side
    // must be a 1200x630 PNG with the same pixels (a card for a fresh token, not an error image), and the
    // service's reference must show the peers' card (their mean difference is printed, and over 6/255 stops the run).
    const references: Partial<Record<keyof typeof sides, CardPixels>> = {};
    for (const [name, url] of Object.entries(sides) as [keyof typeof sides, () => string][]) {
      for (let i = 0; i < 5; i++) {
        const card = await getCard(url());
        references[name] ??= card.pixels;
      }
    }
    const differences = {
      node: meanDifference(references.service!, references.node!),
      takumi: meanDifference(references.service!, references.takumi!),
    };
    log(
      `uncached: the service's card against @vercel/og's: mean difference ${
        differences.node.toFixed(2)
      }/255 per channel, against Takumi's: ${differences.takumi.toFixed(2)}/255`,
    );
    if (differences.node > 6 || differences.takumi > 6) throw new Error("the service and its peers draw other cards");
    const names = Object.keys(sides) as (keyof typeof sides)[];
    const times: Record<string, number[][]> = { service: [], node: [], takumi: [] };
    const ratios: number[] = [];
    const takumiRatios: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      // the order rotates every round: A B C, B C A, C A B ...
      const order = names.map((_, i) => names[(round + i) % names.length]);
      for (const name of order) {
        const series: number[] = [];
        for (let i = 0; i < UNCACHED_PER_ROUND; i++) {
          const card = await getCard(sides[name]());
          const drift = meanDifference(card.pixels, references[name]!);
          if (drift > 0.5) throw new Error(`${name} answered another card (mean difference ${drift.toFixed(2)}/255)`);
          series.push(card.ms);
        }
        times[name].push(series);
      }
      const m = (name: string) => median(times[name][round]);
      ratios.push(m("service") / m("node"));
      takumiRatios.push(m("service") / m("takumi"));
      log(
        `uncached round ${round + 1}: service ${m("service").toFixed(1)} ms, node @vercel/og ${
          m("node").toFixed(1)
        } ms (${ratios[round].toFixed(2)}x), node Takumi ${m("takumi").toFixed(1)} ms (${
          takumiRatios[round].toFixed(2)
        }x)`,
      );
    }
    if (uncachedWaits > 0) log(`uncached: ${uncachedWaits} answers 429 (the per-client budget) waited out, untimed`);
    results.uncached = {
      times,
      ratios,
      ratio: median(ratios),
      takumiRatios,
      takumiRatio: median(takumiRatios),
      logoFetches: gateway.logoHits,
      meanDifference: differences,
      answered429: uncachedWaits,
    };
    rows.push({ name: "uncached token image request (c=1)", p50: median(times.service.flat()) });
    rows.push({ name: "Node @vercel/og server, same card and logo", p50: median(times.node.flat()) });
    rows.push({ name: "Node Takumi server, same card and logo", p50: median(times.takumi.flat()) });
    rows.push({ name: "uncached request: service / Node @vercel/og", value: roundsText(ratios), target: "<= 0.5x" });
    rows.push({ name: "uncached request: service / Node Takumi", value: roundsText(takumiRatios) });
  } finally {
    await takumi.stop();
    await node.stop();
    await server.stop();
  }
}

async function firstImage(gateway: BenchGateway, cardsFile: string): Promise<void> {
  const times: Record<string, number[]> = { service: [], node: [] };
  const listen: Record<string, number[]> = { service: [], node: [] };
  const cpu: Record<string, number[]> = { service: [], node: [] };
  const ratios: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? ["service", "node"] : ["node", "service"];
    for (const name of order) {
      const server = name === "service"
        ? await spawnServer(serviceEnv(gateway))
        : await spawnListening("node", ["server.mjs", cardsFile, gateway.logoUrl], {
          cwd: join(ROOT_DIR, "bench/node"),
        });
      try {
        const url = name === "service"
          ? `${server.url}/api/image/tokens/ethereum/${addressOf(0xf00 + round)}`
          : `${server.url}/token?n=${round}`;
        const body = await firstOk(url);
        if (!isCardPng(body)) throw new Error(`${name}: first image is not a 1200x630 PNG`);
        times[name].push(performance.now() - server.spawnedAt);
        listen[name].push(server.listenMs);
        cpu[name].push(await treeCpuMs(server.pid));
      } finally {
        await server.stop();
      }
    }
    const ratio = times.service[round] / times.node[round];
    ratios.push(ratio);
    log(
      `first image round ${round + 1}: service ${times.service[round].toFixed(0)} ms (listening at ${
        listen.service[round].toFixed(0)
      } ms), node ${times.node[round].toFixed(0)} ms (listening at ${listen.node[round].toFixed(0)} ms) (${
        ratio.toFixed(2)
      }x); CPU time of each process tree: service ${cpu.service[round].toFixed(0)} ms, node ${
        cpu.node[round].toFixed(0)
      } ms`,
    );
  }
  results.firstImage = { times, listenMs: listen, cpuMs: cpu, ratios, ratio: median(ratios) };
  rows.push({
    name: "first image after spawn, service",
    value: `${median(times.service).toFixed(0)} ms (listening at ${median(listen.service).toFixed(0)} ms)`,
  });
  rows.push({
    name: "first image after spawn, Node @vercel/og",
    value: `${median(times.node).toFixed(0)} ms (listening at ${median(listen.node).toFixed(0)} ms)`,
  });
  rows.push({ name: "first image: service / Node", value: roundsText(ratios), target: "<= 1.0x" });
  rows.push({
    name: "first image: CPU time, service / Node",
    value: `${median(cpu.service).toFixed(0)} / ${median(cpu.node).toFixed(0)} ms (medians, whole process trees)`,
  });
}

/**
 * The real token page at c=1, 4, 16 and 64 (`page_scaling.ts`): one URL (the shared document cache) and distinct
 * URLs (every request a render), each side (`BENCH_PAGE_SIDES`) its own service on a gateway that answers every
 * query of the page; every round printed, the medians and every round in the table.
 */
async function tokenPages(): Promise<void> {
  const pageRows = await runPageScaling({
    rounds: ROUNDS,
    seconds: SECONDS,
    concurrency: SCALING_CONCURRENCY,
    sides: parseSides(Deno.env.get("BENCH_PAGE_SIDES") ?? "main thread:PAGE_WORKERS=0;workers:"),
    modes: parseModes(Deno.env.get("BENCH_PAGE_MODES")),
    log,
  });
  results.tokenPages = pageRows;
  const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(" ");
  for (const row of pageRows) {
    const runs = row.runs;
    rows.push({
      name: `token page, ${row.side}, ${row.mode}, c=${row.connections}`,
      rps: median(runs.map((r) => r.rps)),
      p50: median(runs.map((r) => r.p50)),
      p99: median(runs.map((r) => r.p99)),
      value: `rounds req/s ${list(runs.map((r) => r.rps))}; p99 ${list(runs.map((r) => r.p99))}; CPU ${
        median(runs.map((r) => r.cpuMs)).toFixed(1)
      } ms a request; tree peak ${mib(Math.max(...runs.map((r) => r.peakBytes)))}`,
      target: row.connections === 16
        ? ">= 250 req/s, p99 < 150 ms"
        : row.connections === 64
        ? "p99 < 500 ms; tree <= 512 MB"
        : undefined,
    });
  }
}

const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
const perProcess = (tree: TreeMemory) => tree.processes.map((p) => `${p.name} ${p.pid}: ${mib(p.rss)}`).join(", ");

/**
 * The service's process tree (VmRSS summed over it, `/proc`): idle once
 * start-up settled, over `MEMORY_IMAGES` distinct uncached images (sampled
 * every 100 ms for the peak), right after them, and once its render workers
 * had `IDLE_SECONDS` without a card (they retire: the tree is one process
 * again).
 */
async function memory(gateway: BenchGateway): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-kv-"));
  gateway.useDistinctLogos(!SAME_LOGO);
  const server = await spawnServer(serviceEnv(gateway, {
    DENO_KV_PATH: join(dir, "kv.sqlite3"),
    RENDER_IDLE_SECONDS: String(IDLE_SECONDS),
    // Each image comes from its own client (X-Forwarded-For), so the per-client budget of uncached images
    // (og/job/client_budget.ts: a burst of 40, then 2 a second) does not pace the run: the renderer does.
    TRUST_PROXY: "1",
  }));
  try {
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const idle = await treeMemoryOf(server.pid);
    log(`memory: idle ${SETTLE_MS} ms after listening: tree ${mib(idle.rss)} (${perProcess(idle)})`);
    let limited = 0;
    let next = 0;
    let done = 0;
    const steps: { images: number; rss: number; processes: number }[] = [];
    const started = performance.now();
    const sampler = sampleTreeMemory(server.pid);
    const client = async () => {
      while (next < MEMORY_IMAGES) {
        const i = next++;
        const kind = i % 2 === 0 ? "tokens" : "pools";
        const url = `${server.url}/api/image/${kind}/ethereum/${addressOf(0x300000 + i)}`;
        const headers = { "x-forwarded-for": `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
        for (let tries = 0;; tries++) {
          const response = await fetch(url, { headers });
          if (response.status !== 429 || tries === 20) {
            const body = new Uint8Array(await response.arrayBuffer());
            if (response.status !== 200 || !isCardPng(body)) throw new Error(`${url} answered ${response.status}`);
            break;
          }
          await response.body?.cancel();
          limited++;
          await new Promise((resolve) => setTimeout(resolve, Number(response.headers.get("retry-after") ?? 1) * 1000));
        }
        if (++done % 100 === 0) {
          const now = await treeMemoryOf(server.pid);
          steps.push({ images: done, rss: now.rss, processes: now.processes.length });
          log(`memory: ${done} images: tree ${mib(now.rss)} (${perProcess(now)})`);
        }
      }
    };
    await Promise.all(Array.from({ length: 4 }, client));
    const seconds = (performance.now() - started) / 1000;
    const { peak, peakTree } = await sampler.stop();
    const end = await treeMemoryOf(server.pid);
    log(
      `memory: after ${MEMORY_IMAGES} images (${(MEMORY_IMAGES / seconds).toFixed(0)}/s): tree ${mib(end.rss)} (${
        perProcess(end)
      }), peak ${mib(peak)} (sampled every 100 ms: ${peakTree ? perProcess(peakTree) : "-"})`,
    );
    await new Promise((resolve) => setTimeout(resolve, (IDLE_SECONDS + 3) * 1000));
    const rested = await treeMemoryOf(server.pid);
    const retired = rested.processes.length === 1;
    log(
      `memory: ${IDLE_SECONDS + 3} s later (RENDER_IDLE_SECONDS=${IDLE_SECONDS}): tree ${mib(rested.rss)} (${
        perProcess(rested)
      }); workers retired: ${retired ? "yes" : "no"}`,
    );
    results.memory = {
      note: "the service's whole process tree (main process + render workers + any child), VmRSS summed from /proc",
      idle,
      images: MEMORY_IMAGES,
      steps,
      peak,
      peakTree,
      end,
      rested,
      retired,
      seconds,
      answered429: limited,
    };
    rows.push({ name: "service tree RSS, idle after start-up", value: mib(idle.rss), target: "<= 200 MB" });
    rows.push({
      name: `service tree RSS over ${MEMORY_IMAGES} uncached images (c=4)`,
      value: `peak ${mib(peak)}, end ${mib(end.rss)} (${end.processes.length} processes); ${
        (MEMORY_IMAGES / seconds).toFixed(0)
      } images/s; ${limited} answers 429 waited out`,
      target: "<= 512 MB (issue 35)",
    });
    rows.push({
      name: `service tree RSS ${IDLE_SECONDS + 3} s after the last image`,
      value: `${mib(rested.rss)} (${rested.processes.length} processes; workers retired: ${retired ? "yes" : "no"})`,
    });
  } finally {
    gateway.useDistinctLogos(false);
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * wrk's Lua script of the scaling part: every request a token nobody asked
 * for yet (a run-unique prefix and a counter) from its own client address
 * (`X-Forwarded-For`, the service runs with `TRUST_PROXY=1`), so no request
 * is a cache hit and no client's budget paces the run: the renderer does.
 */
function uniqueImagesScript(run: number): string {
  const prefix = (run * 0x10000 + Math.floor(Math.random() * 0xffff)).toString(16).padStart(8, "0");
  return `
local counter = 0
local thread_id = 0
local next_id = 0
function setup(thread)
  thread:set("id", next_id)
  next_id = next_id + 1
end
function init(args)
  thread_id = id
end
request = function()
  counter = counter + 1
  local n = thread_id * 16777216 + counter
  local path = "/api/image/tokens/ethereum/0x${prefix}" .. string.format("%032x", n)
  local client = string.format("10.%d.%d.%d", (n / 65536) % 256, (n / 256) % 256, n % 256)
  return wrk.format("GET", path, { ["X-Forwarded-For"] = client })
end
`;
}

/** One wrk run of the scaling part: `connections` clients asking uncached token images for `seconds`. */
async function runUniqueImages(
  url: string,
  connections: number,
  seconds: number,
  script: string,
): Promise<ReturnType<typeof parseWrk> & { non2xx: number }> {
  const output = await new Deno.Command("wrk", {
    args: [
      ...["-t", String(Math.min(2, connections)), "-c", String(connections), "-d", `${seconds}s`],
      // no request is cut short at wrk's default 2 s (its latencies would leave them out)
      ...["--timeout", "30s", "--latency", "-s", script, url],
    ],
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(output.stdout);
  if (!output.success) throw new Error(`wrk failed: ${new TextDecoder().decode(output.stderr)}`);
  const non2xx = Number(/Non-2xx or 3xx responses:\s+(\d+)/.exec(text)?.[1] ?? 0);
  return { ...parseWrk(text), non2xx };
}

/**
 * Uncached token images at c=1, 4, 16 and 64 (issue 35's table): the real
 * service (guard, middlewares, KV, render workers as configured by default),
 * the bench gateway (instant) and its logo; every request a new token from a
 * new client. Rounds rotate the concurrencies; every round and the median of
 * req/s, p50 and p99 are printed, with the answers that were not 200 (503s
 * included) and the process tree's peak RSS.
 */
async function imageScaling(gateway: BenchGateway, dir: string): Promise<void> {
  const servers: BenchServer[] = [];
  gateway.useDistinctLogos(!SAME_LOGO);
  try {
    for (const [index, side] of SCALING_SIDES.entries()) {
      // KV in a file, as the service keeps it by default: an in-memory KV holds every image drawn in the process
      // (tens of MiB over a run) and the render pool then counts the service too large for a second worker.
      const kvPath = join(dir, `scaling_kv_${index}.sqlite3`);
      const server = await spawnServer(serviceEnv(gateway, { TRUST_PROXY: "1", DENO_KV_PATH: kvPath, ...side.env }));
      servers.push(server);
      await getPng(`${server.url}/api/image/tokens/ethereum/${addressOf(0x5ca1e)}`);
    }
    type Figure = { rps: number; p50: number; p99: number; non2xx: number; peak: number; workers: number };
    const figures = new Map<string, Figure[]>();
    for (let round = 0; round < ROUNDS; round++) {
      const order = SCALING_CONCURRENCY.map((_, i) => SCALING_CONCURRENCY[(round + i) % SCALING_CONCURRENCY.length]);
      for (const c of order) {
        const sides = SCALING_SIDES.map((_, i) => (round + i) % SCALING_SIDES.length);
        for (const index of sides) {
          const [side, server] = [SCALING_SIDES[index], servers[index]];
          const script = join(dir, `unique_${round}_${c}_${index}.lua`);
          await writeFile(script, uniqueImagesScript(round * 1000 + c * 10 + index));
          const sampler = sampleTreeMemory(server.pid);
          const result = await runUniqueImages(`${server.url}/`, c, SECONDS, script);
          const memory = await sampler.stop();
          const key = `${side.name} c=${c}`;
          const workers = (memory.peakTree?.processes.length ?? 1) - 1;
          figures.set(key, [...figures.get(key) ?? [], {
            rps: result.requestsPerSecond,
            p50: result.p50Ms,
            p99: result.p99Ms,
            non2xx: result.non2xx,
            peak: memory.peak,
            workers,
          }]);
          log(
            `scaling round ${round + 1}, ${key}: ${result.requestsPerSecond.toFixed(0)} req/s, p50 ${
              result.p50Ms.toFixed(0)
            } ms, p99 ${result.p99Ms.toFixed(0)} ms, not 200: ${result.non2xx}, tree peak ${mib(memory.peak)} (${
              memory.peakTree ? perProcess(memory.peakTree) : "-"
            })`,
          );
          // The next run starts on a quiet service: what this one left in the render queue is drawn first.
          await new Promise((resolve) => setTimeout(resolve, 1000));
        }
      }
    }
    const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(" ");
    results.imageScaling = { sides: SCALING_SIDES, seconds: SECONDS, rounds: Object.fromEntries(figures) };
    for (const side of SCALING_SIDES) {
      for (const c of SCALING_CONCURRENCY) {
        const runs = figures.get(`${side.name} c=${c}`) ?? [];
        rows.push({
          name: `uncached token image, ${side.name}, c=${c}`,
          rps: median(runs.map((r) => r.rps)),
          p50: median(runs.map((r) => r.p50)),
          p99: median(runs.map((r) => r.p99)),
          value: `rounds req/s ${list(runs.map((r) => r.rps))}; p50 ${list(runs.map((r) => r.p50))}; p99 ${
            list(runs.map((r) => r.p99))
          }; not 200: ${runs.reduce((sum, r) => sum + r.non2xx, 0)}; tree peak ${
            mib(Math.max(...runs.map((r) => r.peak)))
          }, ${Math.max(...runs.map((r) => r.workers))} workers`,
          target: c === 64 ? "no 503; tree <= 512 MB" : undefined,
        });
      }
    }
  } finally {
    gateway.useDistinctLogos(false);
    for (const server of servers) await server.stop();
  }
}

function printTable(): void {
  const fmt = (n: number | undefined) => n === undefined ? "" : n >= 100 ? n.toFixed(0) : n.toFixed(2);
  const lines = [["measure", "p50 ms", "p95 ms", "p99 ms", "req/s", "value", "target"]];
  for (const row of rows) {
    lines.push([
      row.name,
      fmt(row.p50),
      fmt(row.p95),
      fmt(row.p99),
      row.rps === undefined ? "" : row.rps.toFixed(0),
      row.value ?? "",
      row.target ?? "",
    ]);
  }
  const widths = lines[0].map((_, i) => Math.max(...lines.map((line) => line[i].length)));
  const out = lines.map((line) => line.map((cell, i) => cell.padEnd(widths[i])).join("  ").trimEnd());
  out.splice(1, 0, widths.map((w) => "-".repeat(w)).join("  "));
  console.log(out.join("\n"));
}

async function hasBuild(): Promise<boolean> {
  try {
    await Deno.stat(join(ROOT_DIR, "build/server/index.js"));
    return true;
  } catch {
    return false;
  }
}

async function main(): Promise<void> {
  const only = new Set((Deno.env.get("BENCH_ONLY") ?? "render,cache,uncached,first,scaling,pages,memory").split(","));
  if (only.has("render")) {
    log("render: og/ drawCard (Deno) vs Takumi, @vercel/og and satori + resvg-js (Node), interleaved rounds");
    try {
      const render = await runRenderComparison((message) => log(message));
      results.render = render;
      rows.push(...render.rows);
    } catch (error) {
      results.render = { error: String(error) };
      rows.push({ name: "render comparison", value: `not available: ${String(error).slice(0, 120)}` });
    }
  }
  if (await hasBuild()) {
    const gateway = startBenchGateway();
    const dir = await mkdtemp(join(tmpdir(), "bench-"));
    try {
      const cardsFile = join(dir, "cards.json");
      await writeCardsFile(cardsFile, await benchCards());
      const parts: [string, string, () => Promise<void>][] = [
        ["cache", "cache hit vs bare Deno.serve", () => cacheHit(gateway, dir)],
        [
          "uncached",
          "whole uncached request vs Node @vercel/og and Takumi servers",
          () => uncached(gateway, cardsFile),
        ],
        ["first", "first image after spawn vs Node @vercel/og server", () => firstImage(gateway, cardsFile)],
        ["scaling", "uncached token images at c=1, 4, 16, 64", () => imageScaling(gateway, dir)],
        ["pages", "the real token page at c=1, 4, 16, 64: one URL and distinct URLs", () => tokenPages()],
        [
          "memory",
          "the service's process-tree memory: idle, over uncached images, and once idle again",
          () => memory(gateway),
        ],
      ];
      for (const [name, title, run] of parts) {
        if (!only.has(name)) continue;
        log(title);
        try {
          await run();
        } catch (error) {
          // One part failing (e.g. the service's per-client budget answering 429 to the bench's
          // single client) is recorded, and the other parts still run.
          log(`${name}: failed: ${error instanceof Error ? error.message : String(error)}`);
          results[name] = { error: String(error) };
          rows.push({ name: `${name} part`, value: `failed: ${String(error).slice(0, 140)}` });
        }
      }
    } finally {
      await gateway.close();
      await rm(dir, { recursive: true, force: true });
    }
  } else {
    rows.push({ name: "server figures", value: "skipped: no app build (run deno task build)" });
  }
  printTable();
  await writeFile(join(ROOT_DIR, "bench/results.json"), JSON.stringify({ ...results, rows }, null, 2) + "\n");
  log("figures written to bench/results.json");
}

if (import.meta.main) await main();
