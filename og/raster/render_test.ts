import assert from "node:assert/strict";
import { type Rgb } from "../logo/average_color.ts";
import { backdropFor, decodeLogo, layeredPoolCard, layeredPositionCard, layeredTokenCard } from "../job/draw.tsx";
import { chainLogo, loadBrandLogos } from "../layout/chain_logos.ts";
import { createDefaultFontLoader, loadFallbackFonts } from "../assets/fonts.ts";
import {
  backdropStats,
  bands,
  cropsSeeingLayers,
  cropSvg,
  cropsWithin,
  layerBoxes,
  type LayeredCard,
  renderCardPng,
  renderLayeredPng,
} from "./render.ts";
import { drawnParts, trimTransparent } from "./sprites.ts";
import { positionBackground } from "../layout/position_card.tsx";
import { selectRenderer } from "./resvg.ts";
import { countDifferentPixels, decodePixels, solidPng } from "../test_helpers.ts";
import { STATIC_DIR } from "../paths.ts";

/** The golden tests' tolerance (`golden_test.ts`). */
const MAX_DIFFERENT = 0.002;
const CHANNEL_TOLERANCE = 24;

const RED: Rgb = { r: 220, g: 20, b: 30 };
const YELLOW: Rgb = { r: 240, g: 200, b: 40 };

Deno.test("a layered card draws the pixels of the whole card drawn at once", async () => {
  await selectRenderer();
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  const brand = await loadBrandLogos();
  const logo = (await decodeLogo({ bytes: solidPng(RED), type: "png", width: 64, height: 64 }, "RED", 160)).logo;
  const small = (await decodeLogo({ bytes: solidPng(YELLOW), type: "png", width: 64, height: 64 }, "YLW", 128)).logo;
  const tile = { src: null, symbol: "weth" };
  const names = [
    ["Red Token", "RED"],
    ["A token whose name is far too long to fit on one line of the card", "SUPERCALIFRAGILISTIC"],
    ["日本語トークン 🦄", "ユニ"],
    ["Ĵ̸̡̛͎̗̮̈́ȁ̶̢̳̝̀l̵̨̛̜̈́g̷̢̛̯̈́o̴̡̘͑", "ǺW̨̢̧̗̖͓̤Æ̱̲̳͇͈͉"],
    ["عملة عربية", "عرب"],
  ] as const;
  const cards: { name: string; layered: LayeredCard; from: Rgb; to: Rgb }[] = [];
  for (const [i, [name, symbol]] of names.entries()) {
    const background = i % 2 ? YELLOW : RED;
    const props = {
      name,
      symbol,
      logo: i === 1 ? tile : logo,
      background,
      chainLogo: chainLogo(brand, i === 2 ? "ethereum" : "base"),
      productLogo: brand.product,
    };
    cards.push({
      name: `token ${name}`,
      layered: layeredTokenCard(props),
      from: background,
      to: background,
    });
    const pool = {
      token0: i === 3 ? tile : small,
      token1: tile,
      color0: background,
      color1: { r: 30, g: 60, b: 220 },
      name: `${symbol}/${symbol}`,
      protocolVersion: i % 2 ? "V2" : "V3",
      feeLabel: i === 4 ? "Dynamic" : "0.05%",
      chainLogo: chainLogo(brand, "arbitrum"),
      productLogo: brand.product,
    };
    cards.push({
      name: `pool ${name}`,
      layered: layeredPoolCard(pool),
      from: pool.color0,
      to: pool.color1,
    });
    const position = {
      ...pool,
      protocolVersion: "V4",
      priceLower: i === 1 ? "0" : "1,234.5678",
      priceUpper: i === 1 ? "∞" : "0.000000000000123",
      status: (["in-range", "out-of-range", "closed"] as const)[i % 3],
    };
    cards.push({
      name: `position ${name}`,
      layered: layeredPositionCard(position),
      from: positionBackground(pool.color0, pool.color1),
      to: positionBackground(pool.color0, pool.color1),
    });
  }
  // A V4 pool with a hook and a short name: the hook's pill reaches past the name, inside the face's regions.
  const hooked = {
    token0: small,
    token1: tile,
    color0: RED,
    color1: YELLOW,
    name: "A/B",
    protocolVersion: "V4",
    feeLabel: "Dynamic",
    hook: "0x0000…1000",
    chainLogo: chainLogo(brand, "ethereum"),
    productLogo: brand.product,
  };
  cards.push({ name: "pool with a hook", layered: layeredPoolCard(hooked), from: RED, to: YELLOW });
  const loadAdditionalAsset = (code: string, segment: string) => loadFallbackFonts(code, segment);
  for (const { name, layered, from, to } of cards) {
    const backdrop = await backdropFor(from, to, brand.productSvg);
    const options = { fonts, loadAdditionalAsset, backdrop };
    const a = decodePixels(await renderLayeredPng(layered, options));
    const b = decodePixels(await renderCardPng(layered.whole, options));
    const different = countDifferentPixels(a, b, undefined, CHANNEL_TOLERANCE);
    assert.ok(different / (a.width * a.height) <= MAX_DIFFERENT, `${name}: ${different} pixels differ`);
  }
});

Deno.test("cropSvg cuts satori's root to a rectangle, and refuses anything else", () => {
  const svg = '<svg width="1200" height="630" viewBox="0 0 1200 630" xmlns="http://www.w3.org/2000/svg"><path/></svg>';
  assert.equal(
    cropSvg(svg, { x: 10, y: 20, width: 30, height: 40 }),
    '<svg width="30" height="40" viewBox="10 20 30 40" xmlns="http://www.w3.org/2000/svg"><path/></svg>',
  );
  assert.throws(() => cropSvg("<g/>", { x: 0, y: 0, width: 1, height: 1 }), /Cannot crop/);
});

Deno.test("bands cuts a crop into whole rows, each within the pixel budget, covering it exactly", () => {
  const small = { x: 56, y: 282, width: 300, height: 324 };
  assert.deepEqual(bands(small), [small]);
  const rect = { x: 56, y: 264, width: 596, height: 220 };
  const cut = bands(rect);
  assert.deepEqual(cut, [{ ...rect, height: 110 }, { ...rect, y: 374, height: 110 }]);
  const card = bands({ x: 0, y: 0, width: 1200, height: 630 }, 131_072);
  assert.ok(card.every((b) => b.width * b.height <= 131_072 && b.width === 1200));
  assert.equal(card.reduce((rows, b) => rows + b.height, 0), 630);
  assert.ok(card.every((b, i) => i === 0 || b.y === card[i - 1].y + card[i - 1].height));
});

Deno.test("trimTransparent keeps the smallest box around what is drawn", () => {
  const pixels = new Uint8Array(5 * 4 * 4);
  pixels.set([9, 9, 9, 255], (1 * 5 + 2) * 4);
  pixels.set([1, 1, 1, 1], (2 * 5 + 3) * 4);
  const sprite = trimTransparent({ width: 5, height: 4, pixels });
  assert.deepEqual([sprite.x, sprite.y, sprite.width, sprite.height], [2, 1, 2, 2]);
  assert.deepEqual([...sprite.pixels], [9, 9, 9, 255, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1]);
  assert.equal(trimTransparent({ width: 2, height: 2, pixels: new Uint8Array(16) }).width, 0);
});

Deno.test("drawnParts keeps each run of drawn columns apart, trimmed", () => {
  const pixels = new Uint8Array(8 * 3 * 4);
  pixels.set([1, 1, 1, 255], (0 * 8 + 1) * 4);
  pixels.set([2, 2, 2, 255], (2 * 8 + 2) * 4);
  pixels.set([3, 3, 3, 255], (1 * 8 + 6) * 4);
  const parts = drawnParts({ width: 8, height: 3, pixels });
  assert.deepEqual(parts.map((p) => [p.x, p.y, p.width, p.height]), [[1, 0, 2, 3], [6, 1, 1, 1]]);
  assert.deepEqual([...parts[1].pixels], [3, 3, 3, 255]);
  assert.deepEqual(drawnParts({ width: 2, height: 2, pixels: new Uint8Array(16) }), []);
});

Deno.test("a card drawn again from the kept backdrop is the same PNG", async () => {
  await selectRenderer();
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  const brand = await loadBrandLogos();
  const color = { r: 11, g: 120, b: 201 }; // a colour no other test draws: the first card paints it
  const card = layeredTokenCard({
    name: "Kept",
    symbol: "KPT",
    logo: { src: null, symbol: "KPT" },
    background: color,
    chainLogo: null,
    productLogo: brand.product,
  });
  const options = { fonts, backdrop: await backdropFor(color, color, brand.productSvg) };
  const before = backdropStats();
  const first = await renderLayeredPng(card, options);
  const second = await renderLayeredPng(card, options);
  const again = await renderLayeredPng(card, options);
  const after = backdropStats();
  assert.equal(after.painted - before.painted, 2, "painted the first and the second time");
  assert.equal(after.kept - before.kept, 1, "kept the second time, not the first");
  assert.equal(after.reused - before.reused, 1, "the third drawn from the kept backdrop");
  assert.deepEqual(second, first);
  assert.deepEqual(again, first);
  // Four other backdrops kept after it reuse the oldest buffers: the kept card's is gone, the next paints it.
  for (let i = 0; i < 4; i++) {
    const other = { r: 12 + i, g: 121, b: 202 };
    const otherOptions = { fonts, backdrop: await backdropFor(other, other, brand.productSvg) };
    const drawn = [];
    for (let n = 0; n < 3; n++) drawn.push(await renderLayeredPng(card, otherOptions));
    assert.deepEqual(drawn[2], drawn[0], "drawn from a kept backdrop in a reused buffer");
  }
  const painted = backdropStats().painted;
  assert.deepEqual(await renderLayeredPng(card, options), first, "painted again, the same pixels");
  assert.equal(backdropStats().painted, painted + 1);
  const whole = decodePixels(await renderCardPng(card.whole, options));
  assert.ok(
    countDifferentPixels(decodePixels(again), whole, undefined, CHANNEL_TOLERANCE) / (1200 * 630) <= MAX_DIFFERENT,
  );
});

Deno.test("cropsWithin: a crop that cannot see a layer of the face is refused (resvg would panic)", () => {
  const svg = '<svg width="1200" height="630" viewBox="0 0 1200 630" xmlns="http://www.w3.org/2000/svg">' +
    '<mask id="satori_om-id-1"><rect x="72" y="330" width="1056" height="68" fill="#fff"/></mask>' +
    '<clipPath id="satori_cp-id-1"><rect x="72" y="330" width="1056" height="68"/></clipPath>' +
    '<g mask="url(#satori_om-id-1)" clip-path="url(#satori_cp-id-1)"><path d="M72 330h10v10z"/></g></svg>';
  assert.deepEqual(layerBoxes(svg), [{ x: 72, y: 330, width: 1056, height: 68 }, {
    x: 72,
    y: 330,
    width: 1056,
    height: 68,
  }]);
  assert.equal(cropsWithin(svg, [{ x: 56, y: 282, width: 600, height: 324 }]), true);
  // a 66 px badge crop reaches 132 px either way: the text's layer is out of its sight
  assert.equal(cropsWithin(svg, [{ x: 193, y: 189, width: 66, height: 66 }]), false);
  assert.equal(layerBoxes(svg.replace("<path ", '<path opacity="0.5" ')), null);
  // grown to the right until it sees the text's layer (72 + 2 x 529 - 2 >= 1128)
  assert.deepEqual(cropsSeeingLayers(svg, [{ x: 72, y: 72, width: 192, height: 188 }], 1200, 630), [
    { x: 72, y: 72, width: 529, height: 188 },
  ]);
  // a crop that would have to leave the card, or run into another one: none
  assert.equal(cropsSeeingLayers(svg, [{ x: 1100, y: 20, width: 66, height: 66 }], 1200, 630), null);
  assert.equal(
    cropsSeeingLayers(
      svg,
      [{ x: 193, y: 189, width: 66, height: 66 }, { x: 56, y: 282, width: 600, height: 324 }],
      1200,
      630,
    ),
    null,
  );
  assert.equal(layerBoxes(svg.replace(/<mask id="satori_om-id-1">.*?<\/mask>/, "")), null);
});

Deno.test("a card whose face has a layer far from a small region is drawn whole, without a resvg panic", async () => {
  await selectRenderer();
  const fonts = await createDefaultFontLoader(STATIC_DIR).load();
  const brand = await loadBrandLogos();
  // A long name (overflow: a masked layer across the card) and a region of 66 px far from it, which cannot grow
  // to see it without leaving the card: the face is drawn whole.
  const props = {
    name: "A token whose name is far too long to fit on one line of the card at all",
    symbol: "LONG",
    logo: { src: null, symbol: "LONG" },
    background: RED,
    chainLogo: chainLogo(brand, "base"),
    productLogo: brand.product,
  };
  const card = { ...layeredTokenCard(props), faceRegions: [{ x: 1100, y: 20, width: 66, height: 66 }] };
  const svgOptions = { fonts, backdrop: await backdropFor(RED, RED, brand.productSvg) };
  const png = decodePixels(await renderLayeredPng(card, svgOptions));
  const whole = decodePixels(await renderCardPng(card.whole, svgOptions));
  assert.ok(countDifferentPixels(png, whole, undefined, CHANNEL_TOLERANCE) / (1200 * 630) <= MAX_DIFFERENT);
});
