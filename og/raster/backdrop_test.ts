import assert from "node:assert/strict";
import { composite, compositeAt, paintBackdrop, roundLogo, WATERMARK, watermarkOf } from "./backdrop.ts";
import type { Rgb } from "../logo/average_color.ts";

/** A watermark-sized picture: premultiplied, alpha varying, blank rows and runs. */
function picture(): { width: number; height: number; pixels: Uint8Array } {
  const size = WATERMARK.size;
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (y % 7 === 0 || (x > 100 && x < 180)) continue;
      const a = (x * 3 + y * 5) % 256;
      const o = (y * size + x) * 4;
      pixels.set([Math.round(a * 0.9), Math.round(a * 0.2), Math.round(a * 0.5), a], o);
    }
  }
  return { width: size, height: size, pixels };
}

/** The backdrop the slow way: each pixel's colour, then the watermark picture over it at `opacity`. */
function reference(
  from: Rgb,
  to: Rgb,
  mark: { image: ReturnType<typeof picture>; opacity: number },
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  const span = width + height - 2 || 1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = Math.min(1, (x + y) / span);
      const o = (y * width + x) * 4;
      out[o] = from.r + (to.r - from.r) * t + 0.5;
      out[o + 1] = from.g + (to.g - from.g) * t + 0.5;
      out[o + 2] = from.b + (to.b - from.b) * t + 0.5;
      out[o + 3] = 255;
    }
  }
  const { image, opacity } = mark;
  const left = width - image.width - WATERMARK.right;
  const top = height - image.height - WATERMARK.bottom;
  for (let y = Math.max(0, top); y < height; y++) {
    for (let x = Math.max(0, left); x < width; x++) {
      const s = ((y - top) * image.width + (x - left)) * 4;
      const keep = 255 - Math.round(image.pixels[s + 3] * opacity);
      if (keep === 255) continue;
      const d = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) {
        const source = Math.trunc(image.pixels[s + c] * opacity + 0.5);
        out[d + c] = source + ((out[d + c] * keep + 127) * 257 >>> 16);
      }
    }
  }
  return out;
}

Deno.test("paintBackdrop paints flat and gradient backdrops with the watermark, as pixel by pixel", () => {
  const image = picture();
  const red: Rgb = { r: 205, g: 92, b: 60 };
  const blue: Rgb = { r: 40, g: 90, b: 200 };
  // pixels not on a 4-byte boundary take the byte-at-a-time path
  const shifted = new Uint8Array(image.pixels.length + 1).subarray(1);
  shifted.set(image.pixels);
  for (const [from, to] of [[red, red], [red, blue]]) {
    for (
      const [opacity, picture] of [[0.14, image], [0.12, image], [1, image], [0.14, {
        ...image,
        pixels: shifted,
      }]] as const
    ) {
      const watermark = watermarkOf(picture, opacity);
      assert.ok(watermark.parts.length > 1, "the picture's blank rows and runs are left out");
      // parts as a layer file holds them (views at any offset) take compositeAt's byte-at-a-time path
      const offset = {
        opacity,
        parts: watermark.parts.map((part) => {
          const pixels = new Uint8Array(part.pixels.length + 1).subarray(1);
          pixels.set(part.pixels);
          return { ...part, pixels };
        }),
      };
      const expected = reference(from, to, { image: picture, opacity }, 1200, 630);
      for (const [mark, parts] of [[watermark, "aligned"], [offset, "offset"]] as const) {
        const painted = paintBackdrop({ from, to, watermark: mark }, 1200, 630);
        const differing = painted.findIndex((v, i) => v !== expected[i]);
        const what = `${
          from === to ? "flat" : "gradient"
        }, opacity ${opacity}, picture offset ${picture.pixels.byteOffset}, ${parts} parts`;
        assert.equal(differing, -1, `first different byte at ${differing} (${what})`);
      }
    }
  }
});

Deno.test("compositeAt lays a sprite over its place, clipped to the base", () => {
  const base = new Uint8Array(4 * 3 * 4).fill(100);
  const sprite = { x: 2, y: 1, width: 3, height: 2, pixels: new Uint8Array(3 * 2 * 4) };
  sprite.pixels.set([255, 0, 0, 255], 0); // opaque: replaces
  sprite.pixels.set([0, 0, 0, 0], 4); // transparent: keeps
  sprite.pixels.set([9, 9, 9, 255], 8); // outside the base (x = 4): left out
  sprite.pixels.set([64, 0, 0, 128], 12); // half: premultiplied over
  compositeAt(base, 4, 3, sprite);
  const at = (x: number, y: number) => [...base.subarray((y * 4 + x) * 4, (y * 4 + x) * 4 + 4)];
  assert.deepEqual(at(2, 1), [255, 0, 0, 255]);
  assert.deepEqual(at(3, 1), [100, 100, 100, 100]);
  assert.deepEqual(at(2, 2), [64 + 50, 50, 50, 100]);
  assert.deepEqual(at(1, 1), [100, 100, 100, 100]);
  const whole = new Uint8Array(base);
  composite(whole, new Uint8Array(whole.length));
  assert.deepEqual(whole, base);
});

Deno.test("roundLogo cuts a square logo to a circle, premultiplied", () => {
  const size = 40;
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([200, 100, 50, 255], i);
  const sprite = roundLogo(pixels, size, 7, 9);
  assert.deepEqual([sprite.x, sprite.y, sprite.width, sprite.height], [7, 9, size, size]);
  const at = (x: number, y: number) => [...sprite.pixels.subarray((y * size + x) * 4, (y * size + x) * 4 + 4)];
  assert.deepEqual(at(20, 20), [200, 100, 50, 255]);
  assert.deepEqual(at(0, 0), [0, 0, 0, 0]);
  const edge = at(20, 0)[3]; // the circle's top edge: partly covered
  assert.ok(edge > 0 && edge <= 255, `edge alpha ${edge}`);
  assert.deepEqual(at(2, 2), [0, 0, 0, 0]);
  assert.throws(() => roundLogo(pixels, 41, 0, 0), /expected/);
});
