/**
 * V4 previews through the real service (`server.ts` on its defaults: the demo
 * gateway and the demo chain). Pools: the crawler view of the hooked
 * dynamic-fee ETH/USDC pool (`/explore/pools/ethereum/{poolId}`) names its
 * hook (shortened) and its dynamic fee in the description and the image's alt
 * text, its `Fee tier` label reads `Dynamic`, and its share card is a
 * 1200x630 PNG; a V4 pool without a hook names neither. Positions: the
 * crawler view of `/positions/v4/ethereum/{id}` (a seed position of the
 * chain's PositionManager) has the card `/api/image/positions/v4/ethereum/{id}`
 * as og:image, a 1200x630 PNG, and a title ending `position on Uniswap`; an
 * unminted id is the default preview and a `404 Position not found.` card.
 * (RPC call counts: `position_v4_test.ts`.)
 *
 * @module
 */
import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import { JSDOM } from "jsdom";
import { join } from "node:path";
import { DEMO_V4_HOOK, HOOKED_V4_POOL, PLAIN_V4_POOL } from "../demo_gateway/fixtures.ts";
import { shortHook } from "../lib/preview_hook.ts";
import { startServer } from "./server_harness.ts";

const CRAWLER = "Twitterbot/1.0";

async function png(url: string) {
  const response = await fetch(url, { headers: { "user-agent": CRAWLER } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (response.headers.get("content-type") !== "image/png") {
    return { status: response.status, size: null, text: new TextDecoder().decode(bytes), bytes: bytes.length };
  }
  const image = decodePng(bytes);
  return { status: response.status, size: [image.width, image.height], text: null, bytes: bytes.length };
}

async function crawl(url: string) {
  const response = await fetch(url, { headers: { "user-agent": CRAWLER } });
  const doc = new JSDOM(await response.text()).window.document;
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  return { status: response.status, meta };
}

Deno.test({
  name: "V4 previews: hooked pool names hook and dynamic fee; position card and crawler view; unknown id 404",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const dir = await Deno.makeTempDir({ prefix: "preview_v4_" });
    const server = await startServer({ RENDER_WORKERS: "1", DEMO_CHAIN_STATE: join(dir, "chain.json") });
    try {
      await t.step("pools", () => checkPools(server.url));
      await t.step("positions", () => checkPositions(server.url));
    } finally {
      await server.stop();
      await Deno.remove(dir, { recursive: true });
    }
  },
});

async function checkPositions(base: string): Promise<void> {
  const page = await crawl(`${base}/positions/v4/ethereum/6`);
  assert.equal(page.status, 200);
  assert.equal(page.meta("og:title"), "ETH/USDC position on Uniswap");
  assert.equal(page.meta("og:image"), `${base}/api/image/positions/v4/ethereum/6`);
  assert.equal(page.meta("twitter:data2"), "Dynamic");
  const card = await png(page.meta("og:image")!);
  assert.equal(card.status, 200, card.text ?? "");
  assert.deepEqual(card.size, [1200, 630]);
  console.log(`V4 position card through the service: ${card.bytes} bytes`);
  const unknown = await crawl(`${base}/positions/v4/ethereum/999999`);
  assert.equal(unknown.meta("og:title"), "Uniswap Interface");
  const missing = await png(`${base}/api/image/positions/v4/ethereum/999999`);
  assert.equal(missing.status, 404);
  assert.equal(missing.text, "Position not found.");
}

async function checkPools(base: string): Promise<void> {
  assert.equal(shortHook(DEMO_V4_HOOK), "0x0000…1000");
  const hooked = await crawl(`${base}/explore/pools/ethereum/${HOOKED_V4_POOL.address}`);
  assert.equal(hooked.status, 200);
  assert.equal(hooked.meta("og:title"), "ETH/USDC on Uniswap");
  const description = hooked.meta("og:description") ?? "";
  assert.match(description, /ETH\/USDC V4 pool on Uniswap, with hook 0x0000…1000 and a dynamic fee/);
  assert.equal(hooked.meta("description"), description);
  assert.match(hooked.meta("og:image:alt") ?? "", /with hook 0x0000…1000 and a dynamic fee/);
  assert.equal(hooked.meta("twitter:label2"), "Fee tier");
  assert.equal(hooked.meta("twitter:data2"), "Dynamic");
  const image = hooked.meta("og:image")!;
  assert.equal(image, `${base}/api/image/pools/ethereum/${HOOKED_V4_POOL.address.toLowerCase()}`);
  const card = await png(image);
  assert.equal(card.status, 200, card.text ?? "");
  assert.deepEqual(card.size, [1200, 630]);

  const plain = await crawl(`${base}/explore/pools/ethereum/${PLAIN_V4_POOL.address}`);
  assert.equal(plain.status, 200);
  const plainDescription = plain.meta("og:description") ?? "";
  assert.match(plainDescription, /ETH\/USDT V4 pool on Uniswap: /);
  assert.doesNotMatch(plainDescription, /hook|dynamic/i);
  assert.equal(plain.meta("twitter:data2"), "0.05%");
}
