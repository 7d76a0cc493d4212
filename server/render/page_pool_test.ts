import assert from "node:assert/strict";
import { ETHEREUM_TOKENS, startDemoGateway } from "../../demo_gateway/mod.ts";
import { createGatewayFetch } from "../../queries/client.ts";
import type { PreviewSource } from "../../lib/preview_types.ts";
import { invalidateCachedAnswers } from "../cache/invalidation.ts";
import { createPagePool, OLD_GENERATION_MB, type PagePool, YOUNG_GENERATION_MB } from "./page_pool.ts";

// Needs the app build (`deno task build`), as every page test.
const TOKEN_PAGE = `http://app.test/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** No preview: the root's preview lookup answers the default one. */
const NO_PREVIEWS: PreviewSource = { token: () => Promise.resolve(null), pool: () => Promise.resolve(null) };

/** Polls `check` (every 20 ms, at most 10 s) until it holds. */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`never: ${what}`);
}

/** A pool of `workers` whose gateway calls go through `gatewayFetch`. */
function pool(gatewayFetch: typeof fetch, queryCacheMs = 0, workers = 1, rendersPerWorker?: number): PagePool {
  return createPagePool({
    workers,
    rendersPerWorker,
    settings: {
      graphqlUrl: "http://gateway.test/graphql",
      timeoutMs: 5_000,
      maxBytes: 2 * 1024 * 1024,
      queryCacheMs,
      graphqlWsUrl: null,
      mode: "production",
      demo: false,
    },
    gatewayFetch,
    previews: NO_PREVIEWS,
  });
}

Deno.test({
  name: "page pool: a client that goes away while the loaders wait frees the worker at once",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const started = Promise.withResolvers<void>();
    const gate = Promise.withResolvers<void>();
    let calls = 0;
    // A gateway whose answers wait behind a gate the test opens only at the end.
    const pages = pool(async () => {
      calls++;
      started.resolve();
      await gate.promise;
      return new Response('{"data":null,"errors":[{"message":"closed"}]}', {
        headers: { "content-type": "application/json" },
      });
    });
    try {
      const client = new AbortController();
      const answer = pages.render(
        new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER }, signal: client.signal }),
        "http://app.test",
      );
      await started.promise;
      assert.deepEqual((await pages.stats()).active, [1], "the render waits for its loaders in the worker");
      client.abort();
      assert.equal((await answer).status, 500, "the answer nobody reads is a plain failure");
      // Still behind the gate: the render did not wait for its loaders' answers.
      await eventually(async () => (await pages.stats()).active[0] === 0, "the worker holds no render");
      assert.ok(calls > 0);
    } finally {
      gate.resolve();
      pages.close();
    }
  },
});

Deno.test({
  name: "page pool: a document streams back whole; cancelling its body mid-way frees the worker",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const demo = await startDemoGateway();
    const shared = createGatewayFetch(demo.url, 5_000);
    let gatewayCalls = 0;
    const pages = pool((_input, init) => {
      gatewayCalls++;
      return shared(demo.url, init);
    }, 5_000);
    try {
      const whole = await pages.render(
        new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER, "accept-encoding": "identity" } }),
        "http://app.test",
      );
      assert.equal(whole.status, 200);
      const html = await whole.text();
      assert.match(html, /<h1>Uniswap/, "no token heading");
      assert.match(html, /id="tx-title"/, "the streamed transactions never arrived");
      assert.match(html, /<meta property="og:url" content="http:\/\/app\.test\/explore\/tokens\/ethereum\//);
      assert.doesNotMatch(html, /state-error/);
      assert.deepEqual((await pages.stats()).active, [0]);
      const cold = gatewayCalls;

      // Warm: the worker's own copy of the reads answers; a purge empties it, and the next render asks again.
      await (await pages.render(new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER } }), "http://app.test"))
        .arrayBuffer();
      assert.equal(gatewayCalls, cold, "a warm render asked the main thread again");
      await invalidateCachedAnswers();
      await (await pages.render(new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER } }), "http://app.test"))
        .arrayBuffer();
      assert.ok(gatewayCalls > cold, "after a purge the worker still answered its kept reads");

      const brotli = await pages.render(
        new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER, "accept-encoding": "br" } }),
        "http://app.test",
      );
      assert.equal(brotli.headers.get("content-encoding"), "br");
      const reader = brotli.body!.getReader();
      await reader.read();
      await reader.cancel();
      await eventually(async () => (await pages.stats()).active[0] === 0, "the worker holds no render");
      const stats = await pages.stats();
      assert.ok(stats.rendered[0] >= 4);
      // The worker's heap has the pool's limits (node:worker_threads' resourceLimits): old and young generation.
      const limitMb = stats.heapLimitBytes[0] / 1024 / 1024;
      assert.ok(
        limitMb >= OLD_GENERATION_MB && limitMb <= OLD_GENERATION_MB + YOUNG_GENERATION_MB + 16,
        `heap limit ${limitMb} MiB`,
      );
      assert.ok(stats.heapBytes[0] > 0 && stats.heapBytes[0] < stats.heapLimitBytes[0]);
    } finally {
      pages.close();
      await demo.close();
    }
  },
});

Deno.test({
  name: "page pool: past its renders a worker takes, renders wait in order; one whose client left never starts",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const demo = await startDemoGateway();
    const shared = createGatewayFetch(demo.url, 5_000);
    const gate = Promise.withResolvers<void>();
    const started = Promise.withResolvers<void>();
    const pages = pool(
      async (_input, init) => {
        started.resolve();
        await gate.promise;
        return shared(demo.url, init);
      },
      0,
      1,
      1,
    );
    try {
      const ask = (signal?: AbortSignal) =>
        pages.render(new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER }, signal }), "http://app.test");
      const first = ask();
      const second = ask();
      const gone = new AbortController();
      const third = ask(gone.signal);
      await started.promise;
      assert.deepEqual((await pages.stats()).active, [1], "one render in the worker, two waiting");
      gone.abort();
      assert.equal((await third).status, 500, "a waiting render whose client left answers at once");
      gate.resolve();
      for (const answer of [await first, await second]) {
        assert.equal(answer.status, 200);
        assert.match(await answer.text(), /<h1>Uniswap/);
      }
      await eventually(async () => (await pages.stats()).active[0] === 0, "the worker holds no render");
      assert.equal((await pages.stats()).rendered[0], 2, "the render whose client left never reached the worker");
    } finally {
      pages.close();
      await demo.close();
    }
  },
});

Deno.test({
  name: "page pool: one worker while pages come one at a time; another starts when every one is busy",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const gate = Promise.withResolvers<void>();
    let calls = 0;
    const pages = pool(
      async () => {
        calls++;
        await gate.promise;
        return new Response('{"data":null,"errors":[{"message":"closed"}]}');
      },
      0,
      2,
    );
    try {
      pages.warm();
      assert.equal((await pages.stats()).active.length, 1, "warm starts one worker");
      const client = new AbortController();
      const ask = () =>
        pages.render(
          new Request(TOKEN_PAGE, { headers: { "user-agent": BROWSER }, signal: client.signal }),
          "http://app.test",
        );
      const answers = [ask()];
      await eventually(() => Promise.resolve(calls > 0), "the first render reached its loaders");
      answers.push(ask());
      await eventually(async () => {
        const { active } = await pages.stats();
        return active.length === 2 && active[0] === 1 && active[1] === 1;
      }, "the second render went to a second worker");
      client.abort();
      await Promise.all(answers);
    } finally {
      gate.resolve();
      pages.close();
    }
  },
});

Deno.test("page pool: at least one worker", () => {
  assert.throws(() => pool(fetch, 0, 0), /Page workers must be at least 1, got 0/);
});
