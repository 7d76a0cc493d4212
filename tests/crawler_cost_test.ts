/**
 * The crawler path and the one-round-trip pages, against the real server
 * and the demo gateway behind the shared fake gateway (which counts every
 * call and can hold answers behind a gate):
 *
 * - a crawler's view of a token page costs 1 gateway call cold and 0 warm,
 *   runs no page loader, and carries the same preview tags as a browser's;
 * - a browser's warm view within the query cache's TTL costs 0 calls;
 * - a browser's token page starts every gateway call at once and sends its
 *   head and frame before any later answer is released;
 * - failures (preview or page data) are never kept by a cache.
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import {
  BLUE_JPEG_LOGO_TOKEN,
  ETHEREUM_TOKENS,
  NO_LOGO_TOKEN,
  RED_PNG_LOGO_TOKEN,
  startDemoGateway,
  USDC_WETH_V2_PAIR,
  USDC_WETH_V3_POOL,
  WEBP_LOGO_TOKEN,
} from "../demo_gateway/mod.ts";
import { type FakeGateway, startFakeGateway } from "./fakes/gateway.ts";
import { BROWSER_USER_AGENT, startServer, type TestServer } from "./server_harness.ts";

const CRAWLER = "Twitterbot/1.0";
const UNI = ETHEREUM_TOKENS.UNI.toLowerCase();

function tokenPath(address: string): string {
  return `/explore/tokens/ethereum/${address}`;
}

async function view(
  server: TestServer,
  path: string,
  userAgent: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Headers; doc: Document; html: string }> {
  const response = await fetch(server.url + path, { headers: { "user-agent": userAgent, ...headers } });
  const html = await response.text();
  return { status: response.status, headers: response.headers, doc: new JSDOM(html).window.document, html };
}

/** Every preview tag of a head: `<title>` and each `meta[property|name]` with its content, in order. */
function previewTags(doc: Document): string[] {
  const tags = [`title=${doc.querySelector("head title")?.textContent ?? ""}`];
  for (const el of doc.head.querySelectorAll("meta[property], meta[name]")) {
    tags.push(`${el.getAttribute("property") ?? el.getAttribute("name")}=${el.getAttribute("content")}`);
  }
  return tags;
}

function callsOf(gateway: FakeGateway): Record<string, number> {
  return Object.fromEntries(gateway.calls);
}

/** Rejects with `message` if `promise` has not settled when the safety net fires (it keeps a test from hanging). */
function within<T>(promise: Promise<T>, message: string, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const net = new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error(message)), ms));
  return Promise.race([promise, net]).finally(() => clearTimeout(timer));
}

Deno.test({
  name: "crawler path and one round trip",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const demo = await startDemoGateway();
    const gateway = await startFakeGateway({}, { fallbackUrl: demo.url });
    const server = await startServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "300" });
    try {
      await t.step("crawler: a token page costs 1 gateway call cold, 0 warm; no page loader runs", async () => {
        gateway.resetCounts();
        const cold = await view(server, tokenPath(UNI), CRAWLER);
        assert.equal(cold.status, 200);
        assert.deepEqual(callsOf(gateway), { Token: 1 }, "the cold view asked more than the preview");
        gateway.resetCounts();
        const warm = await view(server, tokenPath(UNI), CRAWLER);
        assert.equal(warm.status, 200);
        assert.equal(gateway.total(), 0, `the warm view asked ${JSON.stringify(callsOf(gateway))}`);
        assert.equal(warm.html, cold.html);
      });

      await t.step(
        "crawler: a V3 pool page costs 1 gateway call cold (V3 and V2 in one document), 0 warm",
        async () => {
          const path = `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`;
          gateway.resetCounts();
          const cold = await view(server, path, CRAWLER);
          assert.equal(cold.status, 200);
          assert.equal(cold.doc.querySelector("main h1")?.textContent, "USDC/WETH on Uniswap");
          assert.deepEqual(callsOf(gateway), { AddressPool: 1 }, "the cold view asked more than the preview");
          gateway.resetCounts();
          const warm = await view(server, path, CRAWLER);
          assert.equal(gateway.total(), 0, `the warm view asked ${JSON.stringify(callsOf(gateway))}`);
          assert.equal(warm.html, cold.html);
        },
      );

      await t.step(
        "crawler: the document is the preview: h1, description, image with alt, link; no scripts",
        async () => {
          const { doc } = await view(server, tokenPath(UNI), CRAWLER);
          const meta = (key: string) =>
            doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content");
          assert.equal(doc.querySelector("main h1")?.textContent, meta("og:title"));
          assert.equal(doc.querySelector("main h1")?.textContent, "Get UNI on Uniswap");
          assert.ok(doc.querySelector("main p")?.textContent?.includes(meta("description") ?? "\u0000"));
          const img = doc.querySelector("main img");
          assert.equal(img?.getAttribute("src"), meta("og:image"));
          assert.equal(img?.getAttribute("alt"), meta("og:image:alt"));
          assert.equal(doc.querySelector("main a")?.getAttribute("href"), meta("og:url"));
          assert.equal(doc.querySelectorAll("script").length, 0, "a crawler document carries scripts");
          assert.equal(doc.querySelector("header nav"), null);
        },
      );

      await t.step(
        "a browser never gets the crawler document, and its head carries the same preview tags",
        async () => {
          for (const path of [tokenPath(UNI), `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`, "/swap"]) {
            const crawler = await view(server, path, CRAWLER);
            const browser = await view(server, path, BROWSER_USER_AGENT);
            assert.ok(browser.doc.querySelector("header nav"), `${path}: the browser got no page frame`);
            assert.ok(browser.doc.querySelectorAll("script").length > 0, `${path}: the browser got no scripts`);
            assert.equal(
              browser.doc.querySelector(".crawler-preview"),
              null,
              `${path}: the browser got the crawler body`,
            );
            for (const side of [crawler, browser]) {
              assert.match(side.headers.get("vary") ?? "", /user-agent/i, `${path}: no Vary: User-Agent`);
            }
            const tags = previewTags(crawler.doc);
            assert.ok(tags.some((tag) => tag.startsWith("og:image=")), `${path}: no preview tags`);
            assert.deepEqual(previewTags(browser.doc), tags, `${path}: crawler and browser heads differ`);
          }
        },
      );

      await t.step("crawler: x-blocked-paths is kept apart in the document cache", async () => {
        const a = await view(server, tokenPath(UNI), CRAWLER, { "x-blocked-paths": "/a" });
        const b = await view(server, tokenPath(UNI), CRAWLER, { "x-blocked-paths": "/b" });
        const blocked = (doc: Document) =>
          doc.querySelector('meta[property="x:blocked-paths"]')?.getAttribute("content");
        assert.equal(blocked(a.doc), "/a");
        assert.equal(blocked(b.doc), "/b");
      });

      await t.step("browser: a warm view within the TTL costs no gateway call", async () => {
        for (
          const path of [tokenPath(WEBP_LOGO_TOKEN.address), `/explore/pools/ethereum/${USDC_WETH_V2_PAIR.address}`]
        ) {
          gateway.resetCounts();
          const cold = await view(server, path, BROWSER_USER_AGENT);
          assert.equal(cold.status, 200);
          assert.equal(cold.doc.querySelectorAll("main .state-error").length, 0, `${path}: shows an error`);
          assert.ok(cold.doc.querySelector("#tx-title"), `${path}: the streamed parts are missing`);
          assert.ok(gateway.total() > 1, `${path}: the cold view asked ${gateway.total()} calls`);
          gateway.resetCounts();
          const warm = await view(server, path, BROWSER_USER_AGENT);
          assert.equal(warm.status, 200);
          assert.equal(warm.doc.querySelectorAll("main .state-error").length, 0, `${path}: shows an error`);
          assert.ok(warm.doc.querySelector("#tx-title"), `${path}: the streamed parts are missing`);
          assert.equal(gateway.total(), 0, `${path}: the warm view asked ${JSON.stringify(callsOf(gateway))}`);
        }
      });

      await t.step(
        "browser: every call of the token page starts at once; head and frame leave after one round trip",
        async () => {
          const path = tokenPath(RED_PNG_LOGO_TOKEN.address);
          gateway.resetCounts();
          const first = gateway.hold();
          const response = fetch(server.url + path, { headers: { "user-agent": BROWSER_USER_AGENT } });
          // The preview, the details, and the chart, transactions, pools and description all ask before any answer.
          const expected = ["Token", "TokenDetails", "TokenPrice", "TokenTransactions", "TokenProjectDescription"];
          await within(
            (async () => {
              while (!expected.every((op) => first.arrived.includes(op))) {
                await first.arrivals(first.arrived.length + 1);
              }
            })(),
            `the first round trip asked only ${first.arrived.join(", ")}`,
          );
          assert.ok(first.arrived.some((op) => /^Top(V2|V3|V4)/.test(op)), "the pools call waited");
          // Release the first round; anything asked later waits behind a second gate.
          const second = gateway.hold();
          let html = "";
          try {
            const answer = await within(response, "no answer after the first round trip");
            assert.equal(answer.status, 200);
            const reader = answer.body!.pipeThrough(new TextDecoderStream()).getReader();
            while (!/<main[^>]*>.*<h1>/s.test(html)) {
              const chunk = await within(reader.read(), `the frame waited for a second round trip: ${second.arrived}`);
              assert.ok(!chunk.done, "the document ended before its frame");
              html += chunk.value;
            }
            assert.match(html, /<meta property="og:title" content="Get REDL on Uniswap"\/>/);
            second.release();
            for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) html += chunk.value;
          } finally {
            second.release();
          }
          const doc = new JSDOM(html).window.document;
          assert.ok(doc.querySelector("#tx-title"), "the streamed parts never arrived");
          assert.equal(doc.querySelectorAll("main .state-error").length, 0);
        },
      );

      await t.step("a gateway failure is never kept: neither page data nor the crawler document", async () => {
        const path = tokenPath(NO_LOGO_TOKEN.address);
        gateway.mode = "500";
        const failed = await view(server, path, BROWSER_USER_AGENT);
        assert.equal(failed.status, 200);
        assert.equal(failed.doc.querySelector("main h1")?.textContent, "Could not load this token");
        assert.equal(failed.headers.get("cache-control"), "no-store");
        const crawlerFailed = await view(server, tokenPath(BLUE_JPEG_LOGO_TOKEN.address), CRAWLER);
        assert.equal(crawlerFailed.doc.querySelector("main h1")?.textContent, "Uniswap Interface");
        assert.equal(crawlerFailed.headers.get("cache-control"), "no-store");
        gateway.mode = "ok";
        const back = await view(server, path, BROWSER_USER_AGENT);
        assert.notEqual(back.doc.querySelector("main h1")?.textContent, "Could not load this token");
        assert.ok(back.doc.querySelector("#tx-title"), "the failure was kept");
        const crawlerBack = await view(server, tokenPath(BLUE_JPEG_LOGO_TOKEN.address), CRAWLER);
        assert.equal(crawlerBack.doc.querySelector("main h1")?.textContent, "Get BLUJ on Uniswap");
      });
    } finally {
      await server.stop();
      await gateway.close();
      await demo.close();
    }
  },
});
