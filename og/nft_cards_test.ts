/**
 * The NFT share cards through the image handler: the NFT's (or collection's)
 * image drawn large where the layout puts it, cached like every card, `404`
 * with a clear text for unknown NFTs, and the logos' hardening for the image.
 *
 * @module
 */
import assert from "node:assert/strict";
import { createImageHandler, type ImageTarget } from "./mod.ts";
import { colorDistance, type Rgb } from "./logo/average_color.ts";
import {
  bytesResponse,
  decodePixels,
  FixturePreviews,
  MemoryImageCache,
  pixelAt,
  pngHeaderOnly,
  quadrantPng,
  startLogoServer,
} from "./test_helpers.ts";
import { CARD_PAD } from "./layout/card_parts.tsx";
import { COLLECTION_IMAGE_SIZE, NFT_IMAGE_SIZE } from "./layout/nft_card.tsx";
import { STATIC_DIR } from "./paths.ts";

const QUADRANTS: [Rgb, Rgb, Rgb, Rgb] = [
  { r: 240, g: 180, b: 40 },
  { r: 40, g: 160, b: 120 },
  { r: 120, g: 60, b: 200 },
  { r: 230, g: 90, b: 120 },
];
const CONTRACT = "0x" + "ab".repeat(20);

function setup() {
  let flakyDown = true;
  const server = startLogoServer({
    "/nft.png": () => bytesResponse(quadrantPng(QUADRANTS, 256), "image/png"),
    "/bomb.png": () => bytesResponse(pngHeaderOnly(30000, 30000), "image/png"),
    "/flaky.png": () =>
      flakyDown ? new Response("down", { status: 503 }) : bytesResponse(quadrantPng(QUADRANTS), "image/png"),
    "/huge.svg": () =>
      bytesResponse(
        new TextEncoder().encode(
          `<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64">${
            '<rect width="64" height="64"/>'.repeat(100_000)
          }</svg>`,
        ),
        "image/svg+xml",
      ),
  });
  const previews = new FixturePreviews();
  const cache = new MemoryImageCache();
  const handler = createImageHandler({
    previews,
    cache,
    staticDir: STATIC_DIR,
    logoAllowedHosts: [`127.0.0.1:${server.port}`],
    logoFetch: { timeoutMs: 1000 },
    workers: 1,
  });
  const asset = (id: string, imageUrl: string | null) =>
    previews.nftAssets.set(`${CONTRACT}:${id}`, {
      name: `Lizard #${id}`,
      tokenId: id,
      collectionName: "Loopback Lizards",
      isVerified: true,
      imageUrl: imageUrl && (imageUrl.startsWith("/") ? `${server.origin}${imageUrl}` : imageUrl),
      listingEth: 1.5,
      floorEth: 0.8,
    });
  const get = async (target: Omit<ImageTarget, "chainName">) => {
    const response = await handler(new Request("http://localhost/api/image/nfts"), {
      chainName: "ethereum",
      ...target,
    });
    return { response, body: new Uint8Array(await response.arrayBuffer()) };
  };
  return {
    server,
    previews,
    cache,
    asset,
    get,
    flaky: (down: boolean) => flakyDown = down,
    close: async () => {
      await handler.close();
      await server.close();
    },
  };
}

/** Whether the card shows `color` at `x`,`y` (within the resampling's blur). */
function near(png: Uint8Array, x: number, y: number, color: Rgb): boolean {
  const seen = pixelAt(decodePixels(png), Math.round(x), Math.round(y));
  if (colorDistance(seen, color) >= 12) console.log("at", x, y, "saw", seen, "expected", color);
  return colorDistance(seen, color) < 12;
}

Deno.test("NFT cards: the image large where the layout puts it, cached 7 days; unknown NFTs 404 with a clear text", async () => {
  const t = setup();
  try {
    t.asset("1", "/nft.png");
    t.previews.nftCollections.set(CONTRACT, {
      name: "Loopback Lizards",
      isVerified: true,
      imageUrl: `${t.server.origin}/nft.png`,
      floorEth: 0.8,
      volume24hEth: 61.2,
      owners: 8,
      items: 12,
    });
    const asset = await t.get({ kind: "nft_asset", address: CONTRACT.toUpperCase().replace("0X", "0x"), id: "001" });
    assert.equal(asset.response.status, 200);
    assert.equal(asset.response.headers.get("content-type"), "image/png");
    assert.equal(asset.response.headers.get("cache-control"), "public, immutable, no-transform, max-age=604800");
    const image = decodePixels(asset.body);
    assert.deepEqual([image.width, image.height], [1200, 630]);
    const quarter = NFT_IMAGE_SIZE / 4;
    for (const [i, [dx, dy]] of [[1, 1], [3, 1], [1, 3], [3, 3]].entries()) {
      assert.ok(near(asset.body, CARD_PAD + dx * quarter, CARD_PAD + dy * quarter, QUADRANTS[i]), `quadrant ${i}`);
    }
    const small = COLLECTION_IMAGE_SIZE / 4;
    const collection = await t.get({ kind: "nft_collection", address: CONTRACT });
    assert.equal(collection.response.status, 200);
    assert.ok(near(collection.body, CARD_PAD + small, CARD_PAD + small, QUADRANTS[0]));
    assert.ok(near(collection.body, CARD_PAD + 3 * small, CARD_PAD + 3 * small, QUADRANTS[3]));
    assert.equal(t.cache.writes, 2);
    // Cached under the one spelling of contract and token id: no second lookup.
    const lookups = t.previews.lookups;
    const again = await t.get({ kind: "nft_asset", address: CONTRACT, id: "1" });
    assert.deepEqual(again.body, asset.body);
    assert.equal(t.previews.lookups, lookups);

    const unknown = await t.get({ kind: "nft_asset", address: CONTRACT, id: "2" });
    assert.equal(unknown.response.status, 404);
    assert.equal(new TextDecoder().decode(unknown.body), "NFT not found.");
    const noCollection = await t.get({ kind: "nft_collection", address: "0x" + "cd".repeat(20) });
    assert.equal(noCollection.response.status, 404);
    assert.equal(new TextDecoder().decode(noCollection.body), "NFT collection not found.");
    const before = t.previews.lookups;
    for (const bad of [{ address: "0x12", id: "1" }, { address: CONTRACT, id: "1e3" }, { address: CONTRACT, id: "" }]) {
      const r = await t.get({ kind: "nft_asset", ...bad });
      assert.equal(r.response.status, 404, JSON.stringify(bad));
      assert.equal(new TextDecoder().decode(r.body), "NFT not found.");
    }
    assert.equal(t.previews.lookups, before, "malformed input is never looked up");
  } finally {
    await t.close();
  }
});

Deno.test("an NFT's image gets the logos' hardening: refused ones give the tile, a failure that may pass is no-store", async () => {
  const t = setup();
  try {
    const center = CARD_PAD + NFT_IMAGE_SIZE / 2;
    const cases = [
      ["2", "http://10.1.2.3/private.png"],
      ["3", "http://169.254.169.254/latest/meta-data"],
      ["4", "/bomb.png"],
      ["5", "/huge.svg"],
      ["6", null],
    ] as const;
    for (const [id, url] of cases) {
      t.asset(id, url);
      const { response, body } = await t.get({ kind: "nft_asset", address: CONTRACT, id });
      assert.equal(response.status, 200, String(url));
      // the tile: near-white, whatever the image would have been
      const pixel = pixelAt(decodePixels(body), Math.round(center - NFT_IMAGE_SIZE / 3), Math.round(center));
      assert.ok(pixel.r > 200 && pixel.g > 200 && pixel.b > 200, `${url}: ${JSON.stringify(pixel)}`);
    }
    assert.equal(t.server.hits.get("/bomb.png"), 1);
    t.asset("7", "/flaky.png");
    const degraded = await t.get({ kind: "nft_asset", address: CONTRACT, id: "7" });
    assert.equal(degraded.response.status, 200);
    assert.equal(degraded.response.headers.get("cache-control"), "no-store");
    const writes = t.cache.writes;
    t.flaky(false);
    const whole = await t.get({ kind: "nft_asset", address: CONTRACT, id: "7" });
    assert.equal(whole.response.headers.get("cache-control"), "public, immutable, no-transform, max-age=604800");
    assert.ok(near(whole.body, CARD_PAD + NFT_IMAGE_SIZE / 4, CARD_PAD + NFT_IMAGE_SIZE / 4, QUADRANTS[0]));
    assert.equal(t.cache.writes, writes + 1);
  } finally {
    await t.close();
  }
});
