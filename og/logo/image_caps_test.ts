import assert from "node:assert/strict";
import { BITMAP_LIMITS, checkBitmap, ImageRefusedError, readBitmapHeader } from "./image_caps.ts";
import { pngHeaderOnly, solidJpeg, solidPng } from "../test_helpers.ts";

/** `jpeg` with its frame header turned into `marker` (0xc2 = progressive) of `width` x `height`. */
function reframedJpeg(jpeg: Uint8Array, marker: number, width: number, height: number): Uint8Array {
  const out = jpeg.slice();
  const view = new DataView(out.buffer);
  for (let i = 2; i + 9 < out.length; i++) {
    if (out[i] === 0xff && out[i + 1] === 0xc0) {
      out[i + 1] = marker;
      view.setUint16(i + 5, height);
      view.setUint16(i + 7, width);
      return out;
    }
  }
  throw new Error("no SOF0 in the test JPEG");
}

/** A GIF whose logical screen is 1x1 but whose first frame is `width` x `height`. */
function gifWithFrame(width: number, height: number): Uint8Array {
  const bytes = [
    ...new TextEncoder().encode("GIF89a"),
    1,
    0,
    1,
    0,
    0x80,
    0,
    0, // screen 1x1, global colour table of 2
    0,
    0,
    0,
    255,
    255,
    255,
    0x21,
    0xf9,
    4,
    0,
    0,
    0,
    0,
    0, // graphic control extension
    0x2c,
    0,
    0,
    0,
    0,
    width & 255,
    width >> 8,
    height & 255,
    height >> 8,
    0, // image descriptor
    2,
    2,
    0x44,
    0x01,
    0, // LZW data
    0x3b,
  ];
  return new Uint8Array(bytes);
}

function webp(chunk: string, payload: number[]): Uint8Array {
  const bytes = new Uint8Array(40);
  bytes.set(new TextEncoder().encode("RIFF"), 0);
  new DataView(bytes.buffer).setUint32(4, 32, true);
  bytes.set(new TextEncoder().encode(`WEBP${chunk}`), 8);
  bytes.set(payload, 20);
  return bytes;
}

Deno.test("readBitmapHeader reads PNG, baseline and progressive JPEG, GIF frames and WebP", () => {
  assert.deepEqual(readBitmapHeader(solidPng({ r: 0, g: 0, b: 0 }, 37), "png"), {
    width: 37,
    height: 37,
    progressive: false,
  });
  const jpeg = solidJpeg({ r: 0, g: 0, b: 0 }, 24);
  assert.deepEqual(readBitmapHeader(jpeg, "jpeg"), { width: 24, height: 24, progressive: false });
  assert.deepEqual(readBitmapHeader(reframedJpeg(jpeg, 0xc2, 4096, 4096), "jpeg"), {
    width: 4096,
    height: 4096,
    progressive: true,
  });
  assert.deepEqual(readBitmapHeader(reframedJpeg(jpeg, 0xc1, 30, 20), "jpeg"), {
    width: 30,
    height: 20,
    progressive: false,
  });
  assert.deepEqual(readBitmapHeader(gifWithFrame(3, 2), "gif"), { width: 3, height: 2, progressive: false });
  assert.deepEqual(readBitmapHeader(webp("VP8L", [0x2f, 99, 0x40, 6, 0]), "webp"), {
    width: 100,
    height: 26,
    progressive: false,
  });
  assert.deepEqual(readBitmapHeader(webp("VP8X", [0, 0, 0, 0, 255, 63, 0, 255, 63, 0]), "webp"), {
    width: 16384,
    height: 16384,
    progressive: false,
  });
  assert.deepEqual(readBitmapHeader(webp("VP8 ", [0, 0, 0, 0x9d, 0x01, 0x2a, 64, 0, 32, 0]), "webp"), {
    width: 64,
    height: 32,
    progressive: false,
  });
  assert.equal(readBitmapHeader(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2]), "jpeg"), null);
  assert.equal(readBitmapHeader(solidPng({ r: 0, g: 0, b: 0 }).subarray(0, 20), "png"), null);
});

Deno.test("checkBitmap refuses over the pixel budget before any decoder runs", () => {
  const budgetSide = Math.sqrt(BITMAP_LIMITS.maxPixels);
  assert.equal(budgetSide, 2048);
  const jpeg = solidJpeg({ r: 0, g: 0, b: 0 }, 16);
  const refused: [string, Uint8Array, "png" | "jpeg" | "gif" | "webp"][] = [
    ["PNG 30000x30000", pngHeaderOnly(30000, 30000), "png"],
    ["PNG 2049x2048", pngHeaderOnly(2049, 2048), "png"],
    ["PNG 0x10", pngHeaderOnly(0, 10), "png"],
    ["PNG 1x100000 strip", pngHeaderOnly(1, 100000), "png"],
    ["progressive JPEG 4096x4096", reframedJpeg(jpeg, 0xc2, 4096, 4096), "jpeg"],
    ["baseline JPEG 4096x4096", reframedJpeg(jpeg, 0xc0, 4096, 4096), "jpeg"],
    ["lossless JPEG 3000x3000", reframedJpeg(jpeg, 0xc3, 3000, 3000), "jpeg"],
    ["GIF 1x1 screen, 65535x65535 frame", gifWithFrame(65535, 65535), "gif"],
    ["WebP 16384x16384", webp("VP8X", [0, 0, 0, 0, 255, 63, 0, 255, 63, 0]), "webp"],
    ["unreadable JPEG", new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0]), "jpeg"],
  ];
  for (const [what, bytes, type] of refused) {
    assert.throws(() => checkBitmap(bytes, type), ImageRefusedError, what);
  }
  assert.deepEqual(checkBitmap(pngHeaderOnly(2048, 2048), "png"), { width: 2048, height: 2048, progressive: false });
  assert.deepEqual(checkBitmap(reframedJpeg(jpeg, 0xc2, 1024, 1024), "jpeg").progressive, true);
  assert.throws(() => checkBitmap(pngHeaderOnly(100, 100), "png", { maxPixels: 9999 }), /over 9999 pixels/);
});
