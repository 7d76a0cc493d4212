/**
 * The position card: golden PNGs for each status (in range, out of range,
 * closed; `og/testdata/position-*.png`, refreshed with
 * `UPDATE_GOLDEN=1 deno test -A og/position_card_test.tsx`), and the status
 * dot's colour read back from the decoded PNG. Drawn with `drawCard` on this
 * thread, with the renderer this host loads first (native resvg, else wasm).
 */

import assert from "node:assert/strict";
import type { PositionStatus } from "../../lib/preview_types.ts";
import { type AnyCardJob, drawCard } from "../job/draw.tsx";
import { createDefaultFontLoader } from "../assets/fonts.ts";
import type { FetchedLogo } from "../logo/logo_fetch.ts";
import { POSITION_STATUS, STATUS_DOT_AT } from "./position_card.tsx";
import { selectRenderer } from "../raster/resvg.ts";
import { countDifferentPixels, decodePixels, pixelAt, solidPng } from "../test_helpers.ts";
import { STATIC_DIR } from "../paths.ts";

const TESTDATA = new URL("../testdata/", import.meta.url);
const UPDATE = Deno.env.get("UPDATE_GOLDEN") === "1";
/** The golden tests' tolerance (`golden_test.ts`). */
const MAX_DIFFERENT = 0.002;
const CHANNEL_TOLERANCE = 24;

function pngLogo(r: number, g: number, b: number): FetchedLogo {
  return { bytes: solidPng({ r, g, b }), type: "png", width: 64, height: 64 };
}

const CASES: readonly { name: string; status: PositionStatus; job: AnyCardJob }[] = [
  {
    name: "position-in-range",
    status: "in-range",
    job: {
      kind: "position",
      chainName: "base",
      emojiSet: "twemoji",
      dynamicAssets: true,
      position: {
        protocolVersion: "V3",
        token0Symbol: "RED",
        token1Symbol: "BLU",
        feeTier: 500,
        priceLower: "0.00031",
        priceUpper: "0.00042",
        status: "in-range",
      },
      logo0: pngLogo(220, 20, 30),
      logo1: pngLogo(30, 60, 220),
    },
  },
  {
    name: "position-out-of-range",
    status: "out-of-range",
    job: {
      kind: "position",
      chainName: "arbitrum",
      emojiSet: "twemoji",
      dynamicAssets: true,
      position: {
        protocolVersion: "V4",
        token0Symbol: "ETH",
        token1Symbol: null,
        feeTier: 0x800000,
        priceLower: "1,850.2",
        priceUpper: "2,400",
        status: "out-of-range",
      },
      logo0: null,
      logo1: null,
    },
  },
  {
    name: "position-closed",
    status: "closed",
    job: {
      kind: "position",
      chainName: "ethereum",
      emojiSet: "twemoji",
      dynamicAssets: true,
      position: {
        protocolVersion: "V2",
        token0Symbol: "WETH",
        token1Symbol: "USDC",
        feeTier: 3000,
        priceLower: "0",
        priceUpper: "∞",
        status: "closed",
      },
      logo0: pngLogo(240, 240, 240),
      logo1: pngLogo(40, 120, 220),
    },
  },
];

async function draw(job: AnyCardJob): Promise<Uint8Array> {
  await selectRenderer();
  return await drawCard(job, { fonts: createDefaultFontLoader(STATIC_DIR) });
}

Deno.test("position cards match the golden PNGs (in range, out of range, closed)", async () => {
  for (const { name, job } of CASES) {
    const png = await draw(job);
    const file = new URL(`${name}.png`, TESTDATA);
    if (UPDATE) {
      await Deno.writeFile(file, png);
      continue;
    }
    const actual = decodePixels(png);
    const expected = decodePixels(await Deno.readFile(file));
    assert.equal(actual.width, 1200, name);
    assert.equal(actual.height, 630, name);
    assert.equal(expected.width, 1200, name);
    const different = countDifferentPixels(actual, expected, undefined, CHANNEL_TOLERANCE);
    if (different / (1200 * 630) > MAX_DIFFERENT) {
      const out = await Deno.makeTempFile({ prefix: name, suffix: ".png" });
      await Deno.writeFile(out, png);
      assert.fail(`${name}: ${different} pixels differ from the golden (actual in ${out})`);
    }
  }
});

Deno.test("the status dot has the status's colour, and no other status's", async () => {
  const distance = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }) =>
    Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
  for (const { name, status, job } of CASES) {
    const image = decodePixels(await draw(job));
    const expected = POSITION_STATUS[status].dot;
    // the dot's inner pixels (away from its anti-aliased edge) are its colour exactly
    const cx = STATUS_DOT_AT.x + STATUS_DOT_AT.width / 2;
    const cy = STATUS_DOT_AT.y + STATUS_DOT_AT.height / 2;
    for (const [dx, dy] of [[0, 0], [-5, 0], [5, 0], [0, -5], [0, 4], [-4, -4], [3, 3]]) {
      const pixel = pixelAt(image, Math.floor(cx + dx), Math.floor(cy + dy));
      assert.ok(distance(pixel, expected) <= 2, `${name}: dot pixel ${JSON.stringify(pixel)} at +${dx},+${dy}`);
      for (const [other, { dot }] of Object.entries(POSITION_STATUS)) {
        if (other !== status) assert.ok(distance(pixel, dot) > 40, `${name}: dot looks ${other}`);
      }
    }
    // outside the dot, the pill's plate over the card's background
    const outside = pixelAt(image, STATUS_DOT_AT.x - 8, Math.floor(cy));
    assert.ok(distance(outside, expected) > 40, `${name}: the dot spills left`);
  }
});
