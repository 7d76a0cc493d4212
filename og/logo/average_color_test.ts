import assert from "node:assert/strict";
import { encode as encodePng } from "fast-png";
import {
  analyzeLogo,
  averageRgba,
  backgroundColor,
  checkPngInflatedSize,
  colorDistance,
  cssRgb,
  DEFAULT_COLOR,
} from "./average_color.ts";
import type { FetchedLogo } from "./logo_fetch.ts";
import { sniffImageType } from "./sniff.ts";
import { pngHeaderOnly, solidJpeg, solidPng, webpBytes } from "../test_helpers.ts";

function logo(bytes: Uint8Array): FetchedLogo {
  return { bytes, type: sniffImageType(bytes), width: null, height: null };
}

Deno.test("a red PNG averages to red", async () => {
  const result = await analyzeLogo(logo(solidPng({ r: 220, g: 20, b: 30 })));
  assert.deepEqual(result.average, { r: 220, g: 20, b: 30 });
  assert.equal(result.drawable, true);
  assert.equal(result.pixels?.width, 64);
  assert.deepEqual([...result.pixels!.data.slice(0, 4)], [220, 20, 30, 255]);
});

Deno.test("a blue JPEG averages to blue (within JPEG loss)", async () => {
  const result = await analyzeLogo(logo(solidJpeg({ r: 30, g: 60, b: 220 })));
  assert.ok(result.drawable);
  assert.ok(colorDistance(result.average!, { r: 30, g: 60, b: 220 }) < 6);
});

Deno.test("fully transparent pixels are skipped", () => {
  // Half opaque green, half transparent white.
  const data = new Uint8Array([0, 200, 0, 255, 255, 255, 255, 0]);
  assert.deepEqual(averageRgba(data, 2, 1), { r: 0, g: 200, b: 0 });
  assert.equal(averageRgba(new Uint8Array([9, 9, 9, 0]), 1, 1), null);
});

Deno.test("palette, grey and 16-bit PNGs decode", async () => {
  const palette = encodePng({
    width: 2,
    height: 1,
    data: new Uint8Array([0, 1]),
    depth: 8,
    channels: 1,
    palette: [[255, 0, 0], [0, 0, 255]],
  });
  assert.deepEqual((await analyzeLogo(logo(palette))).average, {
    r: 128,
    g: 0,
    b: 128,
  });
  const grey = encodePng({
    width: 1,
    height: 1,
    data: new Uint8Array([100, 255]),
    depth: 8,
    channels: 2,
  });
  assert.deepEqual((await analyzeLogo(logo(grey))).average, {
    r: 100,
    g: 100,
    b: 100,
  });
  const deep = encodePng({
    width: 1,
    height: 1,
    data: new Uint16Array([65535, 0, 32768]),
    depth: 16,
    channels: 3,
  });
  assert.deepEqual((await analyzeLogo(logo(deep))).average, { r: 255, g: 0, b: 128 });
});

Deno.test("an SVG logo is drawn and averaged", async () => {
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<rect width="10" height="10" fill="#00ff00"/></svg>',
  );
  const result = await analyzeLogo(logo(svg));
  assert.deepEqual(result, {
    average: { r: 0, g: 255, b: 0 },
    drawable: true,
    pixels: null,
  });
});

Deno.test("near white, WebP, garbage and missing logos give the default", async () => {
  assert.equal(cssRgb(DEFAULT_COLOR), "rgb(35,43,43)");
  const white = await analyzeLogo(logo(solidPng({ r: 250, g: 248, b: 245 })));
  assert.deepEqual(backgroundColor(white.average), DEFAULT_COLOR);
  // Distance 50 from white is the edge: a bit further is kept.
  assert.deepEqual(backgroundColor({ r: 220, g: 220, b: 220 }), {
    r: 220,
    g: 220,
    b: 220,
  });
  assert.deepEqual(backgroundColor({ r: 230, g: 230, b: 230 }), DEFAULT_COLOR);
  const webp = await analyzeLogo(logo(webpBytes()));
  assert.deepEqual(webp, { average: null, drawable: false, pixels: null });
  const truncated = solidPng({ r: 1, g: 2, b: 3 }).subarray(0, 40);
  assert.deepEqual(await analyzeLogo(logo(truncated)), {
    average: null,
    drawable: false,
    pixels: null,
  });
  const junkJpeg = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
  assert.equal((await analyzeLogo(logo(junkJpeg))).drawable, false);
  assert.deepEqual(await analyzeLogo(null), { average: null, drawable: false, pixels: null });
  assert.deepEqual(backgroundColor(null), DEFAULT_COLOR);
});

Deno.test("a PNG that inflates past its header's size is refused", async () => {
  // A 1x1 image whose data stream holds 4 MB of zeros.
  const zeros = new Uint8Array(4 * 1024 * 1024);
  const honest = encodePng({
    width: 1024,
    height: 1024,
    data: zeros,
    depth: 8,
    channels: 4,
  });
  const lying = honest.slice();
  const view = new DataView(lying.buffer);
  view.setUint32(16, 1);
  view.setUint32(20, 1);
  await checkPngInflatedSize(honest);
  await assert.rejects(checkPngInflatedSize(lying), /inflates past/);
  assert.equal((await analyzeLogo(logo(lying))).drawable, false);
});

Deno.test("an SVG logo drawn for the card fits the size it is drawn at", async () => {
  const svg = new TextEncoder().encode(
    '<svg xmlns="http://www.w3.org/2000/svg" width="100000" height="50000">' +
      '<rect width="100000" height="50000" fill="#0000ff"/></svg>',
  );
  const result = await analyzeLogo(logo(svg), { displaySize: 160 });
  assert.deepEqual(result.average, { r: 0, g: 0, b: 255 });
  assert.equal(result.drawable, true);
  assert.equal(result.pixels?.width, 160);
  assert.equal(result.pixels?.height, 80);
  assert.deepEqual([...result.pixels!.data.slice(0, 4)], [0, 0, 255, 255]);
});

Deno.test("hostile logos give no colour and no picture, and never throw", async () => {
  const svg = (text: string) => new TextEncoder().encode(`<svg xmlns="http://www.w3.org/2000/svg"${text}</svg>`);
  const blurs = Array.from(
    { length: 30 },
    (_, i) =>
      `<filter id="f${i}"><feGaussianBlur stdDeviation="${
        20 + i
      }"/></filter><rect width="9" height="9" filter="url(#f${i})"/>`,
  ).join("");
  const laughs = '<defs><rect id="a0" width="1" height="1"/>' +
    Array.from({ length: 9 }, (_, i) => `<g id="a${i + 1}">${`<use href="#a${i}"/>`.repeat(10)}</g>`).join("") +
    '</defs><use href="#a9"/>';
  const hostile: [string, Uint8Array][] = [
    ["1 x 100000 SVG", svg(' width="1" height="100000"><rect width="1" height="100000" fill="#f00"/>')],
    ["30 blur filters", svg(` width="512" height="512" viewBox="0 0 100 100">${blurs}`)],
    ["nested <use>", svg(` width="100" height="100">${laughs}`)],
    ["5000 rects", svg(` width="10" height="10">${'<rect width="1" height="1"/>'.repeat(5000)}`)],
    ["external image", svg('><image href="file:///etc/passwd" width="9" height="9"/>')],
    ["PNG 30000 x 30000 header", pngHeaderOnly(30000, 30000)],
  ];
  const jpegBomb = solidJpeg({ r: 1, g: 2, b: 3 }, 16);
  const at = jpegBomb.findIndex((b, i) => b === 0xff && jpegBomb[i + 1] === 0xc0);
  jpegBomb[at + 1] = 0xc2; // progressive
  new DataView(jpegBomb.buffer).setUint32(at + 5, (4096 << 16) | 4096);
  hostile.push(["progressive JPEG 4096 x 4096", jpegBomb]);
  const gif = new Uint8Array([
    ...new TextEncoder().encode("GIF89a"),
    ...[1, 0, 1, 0, 0, 0, 0, 0x2c, 0, 0, 0, 0, 255, 255, 255, 255, 0, 2, 2, 0x44, 0x01, 0, 0x3b],
  ]);
  hostile.push(["GIF with a 65535 x 65535 frame", gif]);
  for (const [what, bytes] of hostile) {
    assert.notEqual(sniffImageType(bytes), "other", what);
    const result = await analyzeLogo(logo(bytes), { displaySize: 160 });
    assert.deepEqual(result, { average: null, drawable: false, pixels: null }, what);
    assert.deepEqual(backgroundColor(result.average), DEFAULT_COLOR, what);
  }
});
