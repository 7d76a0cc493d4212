/**
 * `deno task bench`: measures the real service on loopback with wrk and
 * prints a table; the figures go to `bench/results.json`. Not part of
 * `deno test` and not run in CI. See `bench/README.md`.
 *
 * @module
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { fromFileUrl } from "../scripts/paths.ts";
import { startFakeGateway } from "../tests/fake_gateway.ts";
import { runRenderComparison } from "./render.tsx";
import { type BenchServer, firstOk, memoryOf, spawnServer } from "./server.ts";
import { runWrk } from "./wrk.ts";

const ROOT = fromFileUrl(new URL("../", import.meta.url));
const CONCURRENCY = 32;
const SECONDS = Number(Deno.env.get("BENCH_SECONDS") ?? 5);
const MEMORY_BATCH = Number(Deno.env.get("BENCH_MEMORY_BATCH") ?? 1000);
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47];

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
  machine: { cpus: cpus().length, model: cpus()[0]?.model, deno: Deno.version.deno },
  concurrency: CONCURRENCY,
  seconds: SECONDS,
};

function log(message: string) {
  console.error(`bench: ${message}`);
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
}

function addressOf(i: number, bytes = 20): string {
  return `0x${i.toString(16).padStart(bytes * 2, "0")}`;
}

function isPng(bytes: Uint8Array): boolean {
  return PNG_SIGNATURE.every((b, i) => bytes[i] === b);
}

/** A gateway that knows every token and every V3 pool, with a symbol made from the address. */
function startGateway() {
  const token = (address: string) => ({
    id: `t-${address}`,
    chain: "ETHEREUM",
    address,
    symbol: `T${address.slice(-4).toUpperCase()}`,
    name: `Bench Token ${address.slice(-6)}`,
    project: { id: `p-${address}`, logoUrl: null },
  });
  return startFakeGateway({
    Token: (v) => ({ data: { token: token(String(v.address).toLowerCase()) } }),
    V3Pool: (v) => ({
      data: {
        v3Pool: {
          id: `pool-${v.address}`,
          address: v.address,
          chain: "ETHEREUM",
          protocolVersion: "V3",
          feeTier: 3000,
          token0: token(addressOf(1)),
          token1: token(addressOf(2)),
          token0Supply: 1,
          token1Supply: 2,
          txCount: 3,
          totalLiquidity: { id: "l", value: 1000 },
        },
      },
    }),
    V2Pair: () => ({ data: { v2Pair: null } }),
  });
}

async function get(url: string): Promise<{ status: number; body: Uint8Array; ms: number }> {
  const started = performance.now();
  const response = await fetch(url);
  const body = new Uint8Array(await response.arrayBuffer());
  return { status: response.status, body, ms: performance.now() - started };
}

async function loadFigures(server: BenchServer, imagesWired: boolean): Promise<void> {
  const token = addressOf(0xcafe);
  const imageUrl = `${server.url}/api/image/tokens/ethereum/${token}`;
  const staticDir = join(ROOT, "static/api/bench");
  let png: Uint8Array = new Uint8Array(0);
  if (imagesWired) {
    png = (await get(imageUrl)).body;
    log(`cache hit: token image (${png.length} bytes) at concurrency ${CONCURRENCY}`);
    const image = await runWrk(imageUrl, CONCURRENCY, SECONDS);
    // one connection: the latency of a hit itself, without queueing behind 31 others
    const single = await runWrk(imageUrl, 1, SECONDS);
    await mkdir(staticDir, { recursive: true });
    let file;
    try {
      await writeFile(join(staticDir, "token.png"), png);
      const staticUrl = `${server.url}/api/bench/token.png`;
      const check = await get(staticUrl);
      if (check.status !== 200 || check.body.length !== png.length) throw new Error("static copy not served");
      log("static file with the same bytes");
      file = await runWrk(staticUrl, CONCURRENCY, SECONDS);
    } finally {
      await rm(staticDir, { recursive: true, force: true });
    }
    results.cacheHit = {
      image,
      imageOneConnection: single,
      staticFile: file,
      rpsRatio: image.requestsPerSecond / file.requestsPerSecond,
    };
    rows.push({
      name: "image, cache hit (c=32)",
      p50: image.p50Ms,
      p99: image.p99Ms,
      rps: image.requestsPerSecond,
      target: "p50 < 3 ms, >= 1500 req/s",
    });
    rows.push({ name: "image, cache hit (c=1)", p50: single.p50Ms, p99: single.p99Ms, rps: single.requestsPerSecond });
    rows.push({ name: "same PNG as static file", p50: file.p50Ms, p99: file.p99Ms, rps: file.requestsPerSecond });
    rows.push({
      name: "image / static",
      value: `${(image.requestsPerSecond / file.requestsPerSecond).toFixed(2)}x req/s, ${
        (image.p50Ms / file.p50Ms).toFixed(2)
      }x p50`,
    });
    if (image.errors || file.errors || single.errors) {
      throw new Error(`errors under load: ${image.errors} / ${file.errors}`);
    }
  } else {
    rows.push({ name: "image, cache hit", value: "og/ not wired: image routes answer 404" });
  }

  const tokenPage = `${server.url}/explore/tokens/ethereum/${token}`;
  await get(tokenPage);
  log("page SSR: token page with preview from the cache");
  const page = await runWrk(tokenPage, CONCURRENCY, SECONDS);
  log("page SSR: plain whitelisted page /swap");
  const plain = await runWrk(`${server.url}/swap`, CONCURRENCY, SECONDS);
  results.pages = { tokenPage: page, plainPage: plain };
  rows.push({ name: "token page SSR, cached preview", p50: page.p50Ms, p99: page.p99Ms, rps: page.requestsPerSecond });
  rows.push({ name: "plain page SSR (/swap)", p50: plain.p50Ms, p99: plain.p99Ms, rps: plain.requestsPerSecond });
  if (page.errors || plain.errors) throw new Error(`errors under load: ${page.errors} / ${plain.errors}`);
}

async function uncachedFigures(server: BenchServer): Promise<void> {
  for (const kind of ["tokens", "pools"] as const) {
    const times: number[] = [];
    for (let i = 0; i < 40; i++) {
      const { status, body, ms } = await get(`${server.url}/api/image/${kind}/ethereum/${addressOf(0x10000 + i)}`);
      if (status !== 200 || !isPng(body)) throw new Error(`uncached ${kind} image answered ${status}`);
      times.push(ms);
    }
    const figure = { p50Ms: percentile(times, 0.5), p95Ms: percentile(times, 0.95), n: times.length };
    results[`uncached_${kind}`] = figure;
    rows.push({ name: `${kind.slice(0, -1)} image, uncached request`, p50: figure.p50Ms, p95: figure.p95Ms });
  }
}

async function coldStart(gatewayUrl: string, imagesWired: boolean): Promise<void> {
  const home: number[] = [];
  const image: number[] = [];
  for (let i = 0; i < 3; i++) {
    const server = await spawnServer({ GRAPHQL_URL: gatewayUrl });
    try {
      await firstOk(`${server.url}/`);
      home.push(performance.now() - server.spawnedAt);
    } finally {
      await server.stop();
    }
    if (!imagesWired) continue;
    const again = await spawnServer({ GRAPHQL_URL: gatewayUrl });
    try {
      const body = await firstOk(`${again.url}/api/image/tokens/ethereum/${addressOf(0xc01d + i)}`);
      if (!isPng(body)) throw new Error("first image is not a PNG");
      image.push(performance.now() - again.spawnedAt);
    } finally {
      await again.stop();
    }
  }
  results.coldStart = { homeMs: home, imageMs: image };
  rows.push({
    name: "cold start: spawn to first 200 on /",
    value: `${percentile(home, 0.5).toFixed(0)} ms (median of 3)`,
  });
  rows.push({
    name: "cold start: spawn to first image",
    value: imagesWired ? `${percentile(image, 0.5).toFixed(0)} ms (median of 3)` : "og/ not wired",
  });
}

async function memory(gatewayUrl: string): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), "bench-kv-"));
  const server = await spawnServer({ GRAPHQL_URL: gatewayUrl, DENO_KV_PATH: join(dir, "kv.sqlite3") });
  try {
    const start = await memoryOf(server.pid);
    const batches: { rss: number; peak: number; seconds: number }[] = [];
    for (let batch = 0; batch < 2; batch++) {
      log(`memory: ${MEMORY_BATCH} distinct uncached images, batch ${batch + 1} of 2`);
      let next = 0;
      const started = performance.now();
      const worker = async () => {
        while (next < MEMORY_BATCH) {
          const i = batch * MEMORY_BATCH + next++;
          const kind = i % 2 === 0 ? "tokens" : "pools";
          const { status } = await get(`${server.url}/api/image/${kind}/ethereum/${addressOf(0x200000 + i)}`);
          if (status !== 200) throw new Error(`image ${i} answered ${status}`);
        }
      };
      await Promise.all(Array.from({ length: 4 }, worker));
      batches.push({ ...await memoryOf(server.pid), seconds: (performance.now() - started) / 1000 });
    }
    const mib = (n: number) => `${(n / 1024 / 1024).toFixed(0)} MiB`;
    // levels off: the second batch adds much less than the first (caches are bounded, nothing leaks)
    const firstGrowth = batches[0].peak - start.peak;
    const secondGrowth = batches[1].peak - batches[0].peak;
    const levelsOff = secondGrowth <= 0.25 * firstGrowth;
    results.memory = { start, batches, firstGrowth, secondGrowth, levelsOff };
    rows.push({ name: "RSS at start", value: mib(start.rss) });
    rows.push({
      name: `RSS, peak after ${MEMORY_BATCH} uncached images`,
      value: `${mib(batches[0].rss)}, peak ${mib(batches[0].peak)} (${
        (MEMORY_BATCH / batches[0].seconds).toFixed(0)
      } images/s at c=4)`,
    });
    rows.push({
      name: `RSS, peak after ${MEMORY_BATCH} more`,
      value: `${mib(batches[1].rss)}, peak ${mib(batches[1].peak)}: +${mib(secondGrowth)} vs +${
        mib(firstGrowth)
      } in the first batch (${levelsOff ? "levels off" : "STILL GROWING"})`,
      target: "second growth <= 25% of first",
    });
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
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

async function main(): Promise<void> {
  const gateway = await startGateway();
  try {
    const server = await spawnServer({ GRAPHQL_URL: gateway.url });
    let imagesWired = false;
    try {
      const probe = await get(`${server.url}/api/image/tokens/ethereum/${addressOf(0xfeed)}`);
      imagesWired = probe.status === 200 && isPng(probe.body);
      results.imagesWired = imagesWired;
      if (!imagesWired) log(`og/ is not wired (probe answered ${probe.status}): image figures are skipped`);
      await loadFigures(server, imagesWired);
      if (imagesWired) await uncachedFigures(server);
    } finally {
      await server.stop();
    }
    log("cold start");
    await coldStart(gateway.url, imagesWired);
    if (imagesWired) await memory(gateway.url);
    else rows.push({ name: "peak RSS after uncached images", value: "og/ not wired" });
  } finally {
    await gateway.close();
  }

  log("render: ours (Deno) against @vercel/og (Node)");
  try {
    const render = await runRenderComparison();
    results.render = render;
    rows.push(...render.rows);
  } catch (error) {
    results.render = { error: String(error) };
    rows.push({ name: "render comparison", value: `not available: ${String(error).slice(0, 120)}` });
  }

  printTable();
  await writeFile(join(ROOT, "bench/results.json"), JSON.stringify(results, null, 2) + "\n");
  log("figures written to bench/results.json");
}

if (import.meta.main) await main();
