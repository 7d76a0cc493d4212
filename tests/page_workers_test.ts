/**
 * Pages rendered by the page workers (`server/render/page_pool.ts`, issue 35) are the pages the main thread renders:
 * two real services on the demo gateway, one with `PAGE_WORKERS=0` (the main thread renders, as before) and one with
 * two workers, the same `PUBLIC_ORIGIN`; for a browser's token and pool pages (raw and brotli, decoded), a crawler's
 * token document, a `.data` request, the token list (a resource route, twice) and an unknown page, status, the headers a client reads and the body are the
 * same, byte for byte, once the render's clock (`"now",1795...`) is set aside. The document is checked to be the real
 * page (its heading in `<main>`, the streamed transactions, its preview tags, no error state), so two equal error
 * pages cannot pass.
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import { ETHEREUM_TOKENS, startDemoGateway, USDC_WETH_V3_POOL } from "../demo_gateway/mod.ts";
import { BROWSER_USER_AGENT, startServer, type TestServer } from "./server_harness.ts";

const ORIGIN = "https://app.example.com";
const TOKEN_PAGE = `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`;
const POOL_PAGE = `/explore/pools/ethereum/${USDC_WETH_V3_POOL.address}`;

/** What a client reads of an answer; the render's clock is the one part that differs from render to render. */
async function answerOf(server: TestServer, path: string, headers: Record<string, string>) {
  const response = await fetch(server.url + path, { headers });
  const body = (await response.text()).replace(/(\\?"now\\?",)\d+/g, "$10");
  const kept = ["content-type", "content-encoding", "vary", "cache-control", "content-security-policy"];
  return { status: response.status, headers: kept.map((name) => `${name}: ${response.headers.get(name)}`), body };
}

/** Where two texts part, with some context, for a readable failure. */
function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `they differ at ${i}: ${JSON.stringify(a.slice(i - 40, i + 60))} vs ${
    JSON.stringify(b.slice(i - 40, i + 60))
  }`;
}

Deno.test({
  name: "page workers: a page rendered in a worker is the page the main thread renders",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const demo = await startDemoGateway();
    const env = { GRAPHQL_URL: demo.url, PUBLIC_ORIGIN: ORIGIN, DEMO_CHAIN: "0" };
    const main = await startServer({ ...env, PAGE_WORKERS: "0" });
    const pooled = await startServer({ ...env, PAGE_WORKERS: "2" });
    try {
      const browser = { "user-agent": BROWSER_USER_AGENT };
      const cases: [string, Record<string, string>][] = [
        [TOKEN_PAGE, { ...browser, "accept-encoding": "identity" }],
        [`${TOKEN_PAGE}?tab=1`, { ...browser, "accept-encoding": "br" }],
        [POOL_PAGE, { ...browser, "accept-encoding": "gzip" }],
        [TOKEN_PAGE, { "user-agent": "Twitterbot/1.0", "accept-encoding": "identity" }],
        [`${TOKEN_PAGE}.data`, { ...browser, "accept-encoding": "identity" }],
        ["/no/such/page", { ...browser, "accept-encoding": "identity" }],
        // A resource route's body, asked twice: bytes the route keeps must cross intact every time.
        ["/token-list?chain=ethereum", { ...browser, "accept-encoding": "identity" }],
        ["/token-list?chain=ethereum", { ...browser, "accept-encoding": "identity" }],
      ];
      // Each page once on both sides first: the gateway reads are then in the shared caches of both, and a part
      // whose data is at hand is inlined on both (a cold read streams it after the shell, on either side).
      // (Another query string: the shared document cache keeps a browser's page as first rendered.)
      for (const [path, headers] of cases) {
        const warm = `${path}${path.includes("?") ? "&" : "?"}warm=1`;
        await answerOf(pooled, warm, headers);
        await answerOf(main, warm, headers);
      }
      for (const [path, headers] of cases) {
        const fromWorker = await answerOf(pooled, path, headers);
        const fromMain = await answerOf(main, path, headers);
        const label = `${path} (${headers["user-agent"]}, ${headers["accept-encoding"]})`;
        assert.deepEqual([fromWorker.status, fromWorker.headers], [fromMain.status, fromMain.headers], label);
        assert.equal(
          fromWorker.body.length,
          fromMain.body.length,
          `${label}: ${firstDifference(fromWorker.body, fromMain.body)}`,
        );
        assert.ok(fromWorker.body === fromMain.body, `${label}: ${firstDifference(fromWorker.body, fromMain.body)}`);
      }

      const page = await answerOf(pooled, TOKEN_PAGE, { ...browser, "accept-encoding": "br" });
      assert.equal(page.status, 200);
      assert.match(
        page.headers.join("\n"),
        /content-encoding: br/,
        "the worker's document is compressed for a browser",
      );
      const doc = new JSDOM(page.body).window.document;
      assert.match(doc.querySelector("main h1")?.textContent ?? "", /Uniswap/, "no token heading");
      assert.ok(doc.querySelector("#tx-title"), "the streamed transactions never arrived");
      assert.equal(doc.querySelectorAll(".state-error").length, 0, "a part shows an error");
      assert.equal(doc.querySelector(".crawler-preview"), null, "a browser got the crawler's body");
      assert.equal(
        doc.querySelector('meta[property="og:url"]')?.getAttribute("content"),
        `${ORIGIN}${TOKEN_PAGE}`,
        "the preview tags name the public origin",
      );
      assert.ok(page.body.length > 50_000, `only ${page.body.length} characters`);
      const crawler = await answerOf(pooled, TOKEN_PAGE, { "user-agent": "Twitterbot/1.0" });
      assert.match(crawler.body, /class="crawler-preview"/, "the crawler did not get its document");
      const missing = await answerOf(pooled, "/no/such/page", browser);
      assert.equal(missing.status, 404);
      assert.doesNotMatch(missing.body, /127\.0\.0\.1|at file:|\.ts:\d+/, "the 404 page shows an address or a stack");
    } finally {
      await main.stop();
      await pooled.stop();
      await demo.close();
    }
  },
});
