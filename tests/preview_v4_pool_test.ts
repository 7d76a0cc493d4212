/**
 * V4 pool pages through the real service over the demo gateway: the crawler
 * view of the hooked dynamic-fee ETH/USDC pool (`/explore/pools/ethereum/{poolId}`)
 * names its hook (shortened) and its dynamic fee in the description and the
 * image's alt text, its `Fee tier` label reads `Dynamic`, and its share card
 * is a 1200x630 PNG; a V4 pool without a hook names neither.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import { JSDOM } from "jsdom";
import { startDemoGateway } from "../demo_gateway/mod.ts";
import { DEMO_V4_HOOK, HOOKED_V4_POOL, PLAIN_V4_POOL } from "../demo_gateway/fixtures.ts";
import { shortHook } from "../lib/preview_hook.ts";
import { startServer } from "./server_harness.ts";

const CRAWLER = "Twitterbot/1.0";

async function crawl(url: string) {
  const response = await fetch(url, { headers: { "user-agent": CRAWLER } });
  const doc = new JSDOM(await response.text()).window.document;
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  return { status: response.status, meta };
}

Deno.test({
  name: "V4 pool pages: the hooked pool's preview names its hook and dynamic fee; its card is a 1200x630 PNG",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const demo = await startDemoGateway();
    const server = await startServer({ GRAPHQL_URL: demo.url, RENDER_WORKERS: "1" });
    try {
      const hook = shortHook(DEMO_V4_HOOK)!;
      assert.equal(hook, "0x0000…1000");
      const hooked = await crawl(`${server.url}/explore/pools/ethereum/${HOOKED_V4_POOL.address}`);
      assert.equal(hooked.status, 200);
      assert.equal(hooked.meta("og:title"), "ETH/USDC on Uniswap");
      const description = hooked.meta("og:description") ?? "";
      assert.match(description, /ETH\/USDC V4 pool on Uniswap, with hook 0x0000…1000 and a dynamic fee/);
      assert.equal(hooked.meta("description"), description);
      assert.match(hooked.meta("og:image:alt") ?? "", /with hook 0x0000…1000 and a dynamic fee/);
      assert.equal(hooked.meta("twitter:label2"), "Fee tier");
      assert.equal(hooked.meta("twitter:data2"), "Dynamic");
      const image = hooked.meta("og:image")!;
      assert.equal(image, `${server.url}/api/image/pools/ethereum/${HOOKED_V4_POOL.address.toLowerCase()}`);
      const response = await fetch(image, { headers: { "user-agent": CRAWLER } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get("content-type"), "image/png");
      const png = decodePng(new Uint8Array(await response.arrayBuffer()));
      assert.deepEqual([png.width, png.height], [1200, 630]);

      const plain = await crawl(`${server.url}/explore/pools/ethereum/${PLAIN_V4_POOL.address}`);
      assert.equal(plain.status, 200);
      const plainDescription = plain.meta("og:description") ?? "";
      assert.match(plainDescription, /ETH\/USDT V4 pool on Uniswap: /);
      assert.doesNotMatch(plainDescription, /hook|dynamic/i);
      assert.equal(plain.meta("twitter:data2"), "0.05%");
    } finally {
      await server.stop();
      await demo.close();
    }
  },
});
