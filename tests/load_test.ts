/**
 * A load test of the real server: 2,000 mixed requests (pages, token pages,
 * share images, static files, built assets, 404s) at concurrency 64 over
 * keep-alive connections, against a fake gateway on loopback. Every answer
 * must have the status its kind expects, and the server must be healthy
 * afterwards.
 */
import assert from "node:assert/strict";
import { readdir } from "node:fs/promises";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";
import { ROOT_DIR } from "../server/paths.ts";

const TOTAL = 2_000;
const CONCURRENCY = 64;
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const TOKENS = Array.from({ length: 8 }, (_, i) => `0x${String(i + 1).repeat(40)}`);
const UNKNOWN = `0x${"e".repeat(40)}`;

function token(address: string, i: number) {
  return {
    id: `t-${address}`,
    chain: "ETHEREUM",
    address,
    symbol: `TK${i}`,
    name: `Token ${i}`,
    project: { id: `p${i}`, logoUrl: null },
  };
}

interface Job {
  kind: string;
  path: string;
  /** Expected status. */
  status: number;
  /** Extra check of the body, if any. */
  check?: (body: Uint8Array, response: Response) => string | null;
}

function isPng(body: Uint8Array, response: Response): string | null {
  if (!(response.headers.get("content-type") ?? "").startsWith("image/png")) return "not image/png";
  return PNG_SIGNATURE.every((byte, i) => body[i] === byte) ? null : "no PNG signature";
}

Deno.test("load: 2,000 mixed requests at concurrency 64, no unexpected status, server healthy", async () => {
  const gateway = await startFakeGateway({
    Token: (v) => {
      const i = TOKENS.indexOf(String(v.address).toLowerCase());
      return { data: { token: i >= 0 ? token(TOKENS[i], i) : null } };
    },
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, GATEWAY_TIMEOUT_MS: "5000" });
  try {
    const probe = await fetch(`${server.url}/api/image/tokens/ethereum/${TOKENS[0]}`);
    const probeBody = new Uint8Array(await probe.arrayBuffer());
    const imagesWired = probe.status === 200 && isPng(probeBody, probe) === null;
    const asset = (await readdir(`${ROOT_DIR}build/client/assets`)).find((name) => name.endsWith(".js"));
    assert.ok(asset, "no built asset: run deno task build");

    const html = (body: Uint8Array) =>
      new TextDecoder().decode(body.subarray(0, 200)).includes("<html") ? null : "not HTML";
    const kinds: ((i: number) => Job)[] = [
      () => ({ kind: "home", path: "/", status: 200, check: html }),
      () => ({ kind: "explore", path: "/explore", status: 200, check: html }),
      (i) => ({ kind: "token page", path: `/explore/tokens/ethereum/${TOKENS[i % 8]}`, status: 200, check: html }),
      (i) => ({
        kind: "token image",
        path: `/api/image/tokens/ethereum/${TOKENS[i % 8]}`,
        status: imagesWired ? 200 : 404,
        check: imagesWired ? isPng : undefined,
      }),
      () => ({ kind: "unknown image", path: `/api/image/tokens/ethereum/${UNKNOWN}`, status: 404 }),
      () => ({ kind: "static", path: "/favicon.svg", status: 200 }),
      () => ({ kind: "font", path: "/fonts/inter-latin-700-normal.woff", status: 200 }),
      () => ({ kind: "asset", path: `/assets/${asset}`, status: 200 }),
      (i) => ({ kind: "404 page", path: `/nope/${i}`, status: 404, check: html }),
      (i) => ({ kind: "404 api", path: `/api/nope-${i}.json`, status: 404 }),
    ];
    const jobs = Array.from({ length: TOTAL }, (_, i) => kinds[i % kinds.length](i));

    const unexpected: string[] = [];
    const latencies: number[] = [];
    let next = 0;
    const started = performance.now();
    const worker = async () => {
      while (next < jobs.length) {
        const job = jobs[next++];
        const t0 = performance.now();
        try {
          const response = await fetch(server.url + job.path);
          const body = new Uint8Array(await response.arrayBuffer());
          latencies.push(performance.now() - t0);
          if (response.status !== job.status) {
            unexpected.push(`${job.kind} ${job.path}: ${response.status}, expected ${job.status}`);
          } else {
            const problem = job.check?.(body, response);
            if (problem) unexpected.push(`${job.kind} ${job.path}: ${problem}`);
          }
        } catch (error) {
          unexpected.push(`${job.kind} ${job.path}: ${error}`);
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, worker));
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    console.log(
      `load: ${TOTAL} requests in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds)} req/s), ` +
        `p50 ${latencies[Math.floor(latencies.length * 0.5)].toFixed(1)} ms, ` +
        `p99 ${latencies[Math.floor(latencies.length * 0.99)].toFixed(1)} ms, images wired: ${imagesWired}`,
    );

    assert.deepEqual(unexpected.slice(0, 20), [], `${unexpected.length} unexpected answers`);
    assert.equal(latencies.length, TOTAL);
    // token previews come from the cache: a few lookups per token (concurrent first requests), not one per request
    const tokenRequests = jobs.filter((job) => job.kind.startsWith("token")).length;
    const lookups = gateway.calls.get("Token") ?? 0;
    assert.ok(lookups <= TOKENS.length * 8 && lookups < tokenRequests / 4, `${lookups} token lookups`);

    const home = await fetch(`${server.url}/`);
    assert.equal(home.status, 200, "GET / after the load");
    await home.body?.cancel();
    assert.ok(
      !server.output.some((line) => /panicked|"status":5\d\d/.test(line)),
      "the server logged a 5xx or a panic",
    );
  } finally {
    await server.stop();
    await gateway.close();
  }
});
