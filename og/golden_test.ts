/**
 * Golden cards: a few renders compared with `og/testdata/*.png` within a
 * pixel tolerance, so layout regressions show, once with each renderer
 * (native `@resvg/resvg-js` and `@resvg/resvg-wasm`, in the render workers);
 * each test prints which renderer drew. After an intended change, refresh
 * with `UPDATE_GOLDEN=1 deno test -A og/golden_test.ts` and look at the new
 * files before committing them.
 */

import assert from "node:assert/strict";
import { createImageHandler, type ImageTarget, type RendererName } from "./mod.ts";
import {
  bytesResponse,
  countDifferentPixels,
  decodePixels,
  FixturePreviews,
  quadrantPng,
  solidJpeg,
  solidPng,
  startLogoServer,
} from "./test_helpers.ts";
import { STATIC_DIR } from "./paths.ts";

const TESTDATA = new URL("./testdata/", import.meta.url);
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";
/** Share of pixels that may differ (by more than the channel tolerance). */
const MAX_DIFFERENT = 0.002;
const CHANNEL_TOLERANCE = 24;

function address(n: number): string {
  return "0x" + n.toString(16).padStart(40, "0");
}

/** The NFT fixture image: four colours, so the golden shows where and which way up it is drawn. */
export const NFT_QUADRANTS = [
  { r: 240, g: 180, b: 40 },
  { r: 40, g: 160, b: 120 },
  { r: 120, g: 60, b: 200 },
  { r: 230, g: 90, b: 120 },
] as const;

const LIZARDS = "0x" + "ab".repeat(20);
const DREAMS = "0x" + "cd".repeat(20);

/** The NFT cases: a listed, verified NFT; an unlisted one whose image is gone; two collections. */
const NFT_CASES: [string, ImageTarget][] = [
  ["nft-asset-listed", { kind: "nft_asset", chainName: "ethereum", address: LIZARDS, id: "1" }],
  ["nft-asset-floor-no-image", { kind: "nft_asset", chainName: "ethereum", address: DREAMS, id: "3" }],
  ["nft-collection-verified", { kind: "nft_collection", chainName: "ethereum", address: LIZARDS }],
  ["nft-collection-unknowns", { kind: "nft_collection", chainName: "ethereum", address: DREAMS }],
];

function setNftFixtures(previews: FixturePreviews, logo: (path: string) => string): void {
  previews.nftAssets.set(`${LIZARDS}:1`, {
    name: "Loopback Lizards #1",
    tokenId: "1",
    collectionName: "Loopback Lizards",
    isVerified: true,
    imageUrl: logo("/nft.png"),
    listingEth: 1.2345,
    floorEth: 0.845,
  });
  previews.nftAssets.set(`${DREAMS}:3`, {
    name: "決定論的な夢 ✨ Dreams #3",
    tokenId: "3",
    collectionName: "決定論的な夢 ✨ Dreams",
    isVerified: false,
    imageUrl: logo("/nft-down.png"),
    listingEth: null,
    floorEth: 0.0075,
  });
  previews.nftCollections.set(LIZARDS, {
    name: "Loopback Lizards",
    isVerified: true,
    imageUrl: logo("/nft.png"),
    floorEth: 0.845,
    volume24hEth: 61.2,
    owners: 8,
    items: 12,
  });
  previews.nftCollections.set(DREAMS, {
    name: "A collection whose name is far too long to fit on the one line of its card",
    isVerified: false,
    imageUrl: null,
    floorEth: null,
    volume24hEth: null,
    owners: null,
    items: 6,
  });
}

async function checkGoldens(renderer: RendererName): Promise<void> {
  const server = startLogoServer({
    "/red.png": () => bytesResponse(solidPng({ r: 220, g: 20, b: 30 }), "image/png"),
    "/blue.jpg": () => bytesResponse(solidJpeg({ r: 30, g: 60, b: 220 }), "image/jpeg"),
    "/nft.png": () => bytesResponse(quadrantPng(NFT_QUADRANTS, 128), "image/png"),
    "/nft-down.png": () => new Response("gone", { status: 404 }),
  });
  const logo = (path: string) => `${server.origin}${path}`;
  const previews = new FixturePreviews();
  previews.tokens.set(`base/${address(1)}`, {
    symbol: "RED",
    name: "Red Token",
    logoUrl: logo("/red.png"),
  });
  previews.tokens.set(`arbitrum/${address(2)}`, {
    symbol: "SUPERCALIFRAGILISTIC",
    name: "A token whose name is far too long to fit on one line of the card",
    logoUrl: null,
  });
  previews.tokens.set(`unichain/${address(3)}`, {
    symbol: "ユニ",
    name: "日本語トークン 🦄",
    logoUrl: logo("/blue.jpg"),
  });
  previews.pools.set(`polygon/${address(4)}`, {
    token0Symbol: "RED",
    token1Symbol: "BLU",
    feeTier: 3000,
    protocolVersion: "V2",
    token0Image: logo("/red.png"),
    token1Image: logo("/blue.jpg"),
  });
  previews.pools.set(`ethereum/${address(5)}`, {
    token0Symbol: "ETH",
    token1Symbol: null,
    feeTier: null,
    protocolVersion: "V4",
    isDynamicFee: true,
    token0Image: null,
    token1Image: null,
  });
  // A V4 pool with a hook and a dynamic fee: the card says so (`Dynamic`, `Hook 0x8ad5…1000`).
  previews.pools.set(`ethereum/${address(6)}`, {
    token0Symbol: "ETH",
    token1Symbol: "RED",
    feeTier: 0x800000,
    protocolVersion: "V4",
    isDynamicFee: true,
    hookAddress: "0x8aD5E3bB5C6A3b5eC0bE17b7e2F41e9A2d0A1000",
    token0Image: logo("/blue.jpg"),
    token1Image: logo("/red.png"),
  });
  setNftFixtures(previews, logo);
  const handler = createImageHandler({
    previews,
    cache: null,
    staticDir: STATIC_DIR,
    logoAllowedHosts: [`127.0.0.1:${server.port}`],
    renderer,
    workers: 1,
  });
  const cases: [string, ImageTarget][] = [
    ["token-red-base", { kind: "token", chainName: "base", address: address(1) }],
    ["token-long-no-logo", { kind: "token", chainName: "arbitrum", address: address(2) }],
    ["token-cjk-emoji", { kind: "token", chainName: "unichain", address: address(3) }],
    ["pool-v2-polygon", { kind: "pool", chainName: "polygon", address: address(4) }],
    ["pool-v4-dynamic-unk", { kind: "pool", chainName: "ethereum", address: address(5) }],
    ["pool-v4-hook", { kind: "pool", chainName: "ethereum", address: address(6) }],
    ...NFT_CASES,
  ];
  try {
    const info = await handler.warm();
    console.log(
      `golden cards drawn by ${info.name} (${info.package})` +
        (info.fallbackReason ? `, asked for ${renderer}: ${info.fallbackReason}` : ""),
    );
    if (renderer === "wasm") assert.equal(info.name, "wasm");
    for (const [name, target] of cases) {
      const response = await handler(new Request("http://localhost/api/image"), target);
      assert.equal(response.status, 200, name);
      const png = new Uint8Array(await response.arrayBuffer());
      const file = new URL(`${name}.png`, TESTDATA);
      if (UPDATE) {
        if (renderer === "native") await Deno.writeFile(file, png);
        continue;
      }
      let golden: Uint8Array;
      try {
        golden = await Deno.readFile(file);
      } catch {
        assert.fail(
          `No golden ${name}.png: run UPDATE_GOLDEN=1 deno test -A og/golden_test.ts`,
        );
      }
      const actual = decodePixels(png);
      const expected = decodePixels(golden);
      assert.equal(actual.width, expected.width, name);
      assert.equal(actual.height, expected.height, name);
      const different = countDifferentPixels(
        actual,
        expected,
        undefined,
        CHANNEL_TOLERANCE,
      );
      const share = different / (actual.width * actual.height);
      if (share > MAX_DIFFERENT) {
        const out = await Deno.makeTempFile({ prefix: name, suffix: ".png" });
        await Deno.writeFile(out, png);
        assert.fail(
          `${name} (${info.name}): ${different} pixels differ from the golden (actual in ${out})`,
        );
      }
    }
  } finally {
    await handler.close();
    await server.close();
  }
}

Deno.test("cards match the golden PNGs, drawn by native resvg (wasm where the addon cannot load)", async () => {
  await checkGoldens("native");
});

Deno.test("cards match the golden PNGs, drawn by resvg-wasm", async () => {
  await checkGoldens("wasm");
});
