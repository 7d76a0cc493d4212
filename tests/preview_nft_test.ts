/**
 * NFT asset and collection previews through the real service: a crawler's
 * view of `/nfts/asset/{contract}/{id}` and `/nfts/collection/{contract}`
 * names the NFT or collection and carries its share image (a 1200x630 PNG
 * with a public cache header), costs one gateway call cold and none warm;
 * unknown NFTs get the default preview and their images a `404` text.
 *
 * @module
 */
import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import { JSDOM } from "jsdom";
import { DETERMINISTIC_DREAMS, LOOPBACK_LIZARDS, startDemoGateway } from "../demo_gateway/mod.ts";
import { DEFAULT_TITLE } from "../lib/preview_meta.ts";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";

const CRAWLER = "Twitterbot/1.0";

async function crawl(server: TestServer, path: string) {
  const response = await fetch(server.url + path, { headers: { "user-agent": CRAWLER } });
  const html = await response.text();
  const doc = new JSDOM(html).window.document;
  const meta = (key: string) =>
    doc.querySelector(`meta[property="${key}"], meta[name="${key}"]`)?.getAttribute("content") ?? null;
  return { status: response.status, html, doc, meta, title: doc.querySelector("head title")?.textContent ?? "" };
}

/** The og:image as the crawler reads it: status, cache header, and its size when a PNG. */
async function shareImage(url: string) {
  const response = await fetch(url, { headers: { "user-agent": CRAWLER } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  const png = response.headers.get("content-type") === "image/png" ? decodePng(bytes) : null;
  return {
    status: response.status,
    cacheControl: response.headers.get("cache-control"),
    size: png && [png.width, png.height],
    text: png ? null : new TextDecoder().decode(bytes),
  };
}

Deno.test({
  name: "NFT pages: crawler previews name the NFT or collection and carry its card; one gateway call cold, none warm",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const demo = await startDemoGateway();
    const gateway = await startFakeGateway({}, { fallbackUrl: demo.url });
    const server = await startServer({
      GRAPHQL_URL: gateway.url,
      QUERY_CACHE_SECONDS: "300",
      LOGO_ALLOWED_HOSTS: new URL(demo.url).host,
      RENDER_WORKERS: "1",
    });
    const lizards = LOOPBACK_LIZARDS.address;
    try {
      await t.step(
        "asset: title and description name the NFT and its collection; one call cold, none warm",
        async () => {
          const path = `/nfts/asset/${lizards}/1`;
          gateway.resetCounts();
          const cold = await crawl(server, path);
          assert.equal(cold.status, 200);
          assert.deepEqual(Object.fromEntries(gateway.calls), { NftAssetPreview: 1 });
          assert.equal(cold.title, "Loopback Lizards #1");
          assert.equal(cold.meta("og:title"), "Loopback Lizards #1");
          assert.match(cold.meta("og:description") ?? "", /Loopback Lizards #1 from the Loopback Lizards collection/);
          assert.match(cold.meta("og:description") ?? "", /(Listed at|Collection floor) [0-9.]+ ETH/);
          assert.equal(cold.meta("og:url"), `${server.url}${path}`);
          assert.equal(cold.meta("og:image"), `${server.url}/api/image/nfts/asset/${lizards.toLowerCase()}/1`);
          gateway.resetCounts();
          const warm = await crawl(server, path);
          assert.equal(gateway.total(), 0, `the warm view asked ${JSON.stringify(Object.fromEntries(gateway.calls))}`);
          assert.equal(warm.html, cold.html);
          // The card reads the cached preview: no gateway call either.
          const image = await shareImage(cold.meta("og:image")!);
          assert.equal(image.status, 200);
          assert.deepEqual(image.size, [1200, 630]);
          assert.equal(image.cacheControl, "public, immutable, no-transform, max-age=604800");
          assert.equal(gateway.total(), 0);
          assert.ok(!server.output.some((line) => line.includes("Logo not used")), "the NFT's image was drawn");
        },
      );

      await t.step("collection: title and description name it; its card is a 1200x630 PNG", async () => {
        const path = `/nfts/collection/${DETERMINISTIC_DREAMS.address}`;
        gateway.resetCounts();
        const cold = await crawl(server, path);
        assert.deepEqual(Object.fromEntries(gateway.calls), { NftCollectionPreview: 1 });
        assert.equal(cold.title, DETERMINISTIC_DREAMS.name);
        assert.match(cold.meta("og:description") ?? "", /決定論的な夢 ✨ Dreams NFT collection on Uniswap: 6 items/);
        assert.ok(cold.meta("og:description")?.includes(`floor ${DETERMINISTIC_DREAMS.floorEth} ETH`));
        assert.equal(cold.meta("twitter:label1"), "Floor");
        gateway.resetCounts();
        await crawl(server, path);
        assert.equal(gateway.total(), 0);
        const image = await shareImage(cold.meta("og:image")!);
        assert.equal(image.status, 200);
        assert.deepEqual(image.size, [1200, 630]);
        assert.match(image.cacheControl ?? "", /public/);
      });

      await t.step("unknown NFTs: the default preview; their images 404 with a clear text", async () => {
        const unknown = "0x" + "0".repeat(39) + "7";
        for (const path of [`/nfts/asset/${unknown}/1`, `/nfts/collection/${unknown}`, `/nfts/asset/${lizards}/999`]) {
          const view = await crawl(server, path);
          assert.equal(view.status, 200, path);
          assert.equal(view.title, DEFAULT_TITLE, path);
          assert.equal(view.meta("og:image"), `${server.url}/images/preview.png`, path);
        }
        const asset = await shareImage(`${server.url}/api/image/nfts/asset/${unknown}/1`);
        assert.deepEqual([asset.status, asset.text], [404, "NFT not found."]);
        const collection = await shareImage(`${server.url}/api/image/nfts/collection/${unknown}`);
        assert.deepEqual([collection.status, collection.text], [404, "NFT collection not found."]);
        const malformed = await shareImage(`${server.url}/api/image/nfts/asset/0x12/abc`);
        assert.deepEqual([malformed.status, malformed.text], [404, "NFT not found."]);
      });
    } finally {
      await server.stop();
      await gateway.close();
      await demo.close();
    }
  },
});

Deno.test({
  name: "the demo's NFT pages: a crawler gets a title other than the default and a 1200x630 PNG card",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const server = await startServer({ RENDER_WORKERS: "1" });
    try {
      for (
        const path of [`/nfts/asset/${LOOPBACK_LIZARDS.address}/2`, `/nfts/collection/${LOOPBACK_LIZARDS.address}`]
      ) {
        const view = await crawl(server, path);
        assert.equal(view.status, 200);
        assert.notEqual(view.title, DEFAULT_TITLE, path);
        assert.match(view.title, /Loopback Lizards/);
        const image = await shareImage(view.meta("og:image")!);
        assert.equal(image.status, 200, path);
        assert.deepEqual(image.size, [1200, 630]);
        assert.equal(image.cacheControl, "public, immutable, no-transform, max-age=604800", path);
      }
      assert.ok(!server.output.some((line) => line.includes("Logo not used")), "the demo's NFT images were drawn");
    } finally {
      await server.stop();
    }
  },
});
