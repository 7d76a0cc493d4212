import assert from "node:assert/strict";
import { coverSquare } from "./resample.ts";

function solid(width: number, height: number, rgba: number[]) {
  const data = new Uint8Array(width * height * 4);
  for (let i = 0; i < data.length; i += 4) data.set(rgba, i);
  return { width, height, data };
}

Deno.test("coverSquare keeps a solid colour when scaling up and down", () => {
  for (const [w, h, size] of [[64, 64, 160], [500, 500, 160], [300, 100, 50]]) {
    const out = coverSquare(solid(w, h, [10, 200, 30, 255]), size);
    assert.equal(out.length, size * size * 4);
    for (let i = 0; i < out.length; i += 4) {
      assert.deepEqual([...out.subarray(i, i + 4)], [10, 200, 30, 255]);
    }
  }
});

Deno.test("coverSquare weights colour by alpha and crops the long side", () => {
  // Left half transparent black, right half opaque white, 4x2 -> 2x2 covers
  // the middle two columns: one transparent, one white.
  const data = new Uint8Array(4 * 2 * 4);
  for (let y = 0; y < 2; y++) {
    for (let x = 2; x < 4; x++) data.set([255, 255, 255, 255], (y * 4 + x) * 4);
  }
  const out = coverSquare({ width: 4, height: 2, data }, 2);
  assert.deepEqual([...out.subarray(0, 8)], [0, 0, 0, 0, 255, 255, 255, 255]);
  // Downscale 2x1 (transparent + red) to 1x1: red at half alpha, not dark.
  const mixed = new Uint8Array([0, 0, 0, 0, 255, 0, 0, 255, 0, 0, 0, 0, 255, 0, 0, 255]);
  assert.deepEqual([...coverSquare({ width: 2, height: 2, data: mixed }, 1)], [
    255,
    0,
    0,
    128,
  ]);
});

Deno.test("coverSquare refuses sizes and images it cannot scale", () => {
  const ok = solid(2, 2, [1, 2, 3, 255]);
  assert.throws(() => coverSquare(ok, 0), RangeError);
  assert.throws(() => coverSquare(ok, 1.5), RangeError);
  assert.throws(() => coverSquare(ok, 100_000), RangeError);
  assert.throws(() => coverSquare({ width: 0, height: 5, data: new Uint8Array() }, 4), RangeError);
  assert.throws(() => coverSquare({ width: 100, height: 100, data: new Uint8Array(16) }, 4), /too few/);
  assert.equal(coverSquare(ok, 1).length, 4);
});
