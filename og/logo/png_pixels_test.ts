import assert from "node:assert/strict";
import * as zlib from "node:zlib";
import { decode, encode } from "fast-png";
import { inflatePng, unfilterToRgba } from "./png_pixels.ts";
import { crc32 } from "../raster/png.ts";

const CHANNELS: Record<number, number> = { 0: 1, 2: 3, 4: 2, 6: 4 };

function paeth(a: number, b: number, c: number): number {
  const p = a + b - c;
  const pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

/** A PNG of `samples` (8-bit, `colorType`), row `y` filtered with filter `y % 5`, IDAT split in two. */
function filteredPng(width: number, height: number, colorType: number, samples: Uint8Array): Uint8Array {
  const bpp = CHANNELS[colorType];
  const stride = width * bpp;
  const raw = new Uint8Array((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const filter = y % 5;
    raw[y * (stride + 1)] = filter;
    for (let i = 0; i < stride; i++) {
      const x = samples[y * stride + i];
      const a = i >= bpp ? samples[y * stride + i - bpp] : 0;
      const b = y > 0 ? samples[(y - 1) * stride + i] : 0;
      const c = y > 0 && i >= bpp ? samples[(y - 1) * stride + i - bpp] : 0;
      const predicted = [0, a, b, (a + b) >> 1, paeth(a, b, c)][filter];
      raw[y * (stride + 1) + 1 + i] = (x - predicted) & 255;
    }
  }
  const idat = zlib.deflateSync(raw);
  const chunks: Uint8Array[] = [new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  const chunk = (type: string, body: Uint8Array) => {
    const out = new Uint8Array(12 + body.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, body.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(body, 8);
    view.setUint32(8 + body.length, crc32(out, 4, 8 + body.length));
    chunks.push(out);
  };
  const header = new Uint8Array(13);
  new DataView(header.buffer).setUint32(0, width);
  new DataView(header.buffer).setUint32(4, height);
  header[8] = 8;
  header[9] = colorType;
  chunk("IHDR", header);
  const half = Math.floor(idat.length / 2);
  chunk("IDAT", idat.subarray(0, half));
  chunk("IDAT", idat.subarray(half));
  chunk("IEND", new Uint8Array(0));
  const png = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    png.set(c, at);
    at += c.length;
  }
  return png;
}

/** fast-png's reading of `png`, as RGBA. */
function referenceRgba(png: Uint8Array): Uint8Array {
  const image = decode(png);
  const out = new Uint8Array(image.width * image.height * 4);
  for (let i = 0, o = 0; o < out.length; i += image.channels, o += 4) {
    const grey = image.channels <= 2;
    out[o] = image.data[i];
    out[o + 1] = grey ? image.data[i] : image.data[i + 1];
    out[o + 2] = grey ? image.data[i] : image.data[i + 2];
    out[o + 3] = image.channels === 4 ? image.data[i + 3] : image.channels === 2 ? image.data[i + 1] : 255;
  }
  return out;
}

Deno.test("every filter of every 8-bit kind decodes as fast-png reads it", () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) & 255;
  for (const colorType of [0, 2, 4, 6]) {
    for (const [width, height] of [[1, 1], [7, 11], [64, 40]]) {
      const samples = new Uint8Array(width * height * CHANNELS[colorType]);
      // smooth runs and noise, so that every filter's predictions matter
      for (let i = 0; i < samples.length; i++) samples[i] = i % 13 < 6 ? (i * 3) & 255 : random();
      const png = filteredPng(width, height, colorType, samples);
      const ours = unfilterToRgba(inflatePng(png));
      assert.ok(ours, `colour type ${colorType} is decoded here`);
      assert.equal(ours.width, width);
      assert.equal(ours.height, height);
      assert.deepEqual(ours.data, referenceRgba(png), `colour type ${colorType}, ${width}x${height}`);
    }
  }
});

Deno.test("palette, 16-bit and transparency-chunk PNGs are left to fast-png", () => {
  const palette = encode({
    width: 2,
    height: 1,
    data: new Uint8Array([0, 1]),
    depth: 8,
    channels: 1,
    palette: [[255, 0, 0], [0, 0, 255]],
  });
  assert.equal(unfilterToRgba(inflatePng(palette)), null);
  const deep = encode({ width: 2, height: 2, data: new Uint16Array(16).fill(40000), depth: 16, channels: 4 });
  assert.equal(unfilterToRgba(inflatePng(deep)), null);
  const rgb = filteredPng(2, 2, 2, new Uint8Array(12).fill(9));
  const withTrns = { ...inflatePng(rgb), transparency: true };
  assert.equal(unfilterToRgba(withTrns), null);
});

Deno.test("a PNG inflating past its header's size is refused; broken data throws", () => {
  const liar = filteredPng(4, 4, 6, new Uint8Array(64));
  // claim 1x1 with the 4x4 data: 17 bytes of scanlines inflate past 1x1's allowance only with more rows
  const big = filteredPng(200, 200, 6, new Uint8Array(200 * 200 * 4));
  const claimed = big.slice();
  new DataView(claimed.buffer).setUint32(16, 2);
  new DataView(claimed.buffer).setUint32(20, 2);
  assert.throws(() => inflatePng(claimed), /inflates past/);
  assert.ok(unfilterToRgba(inflatePng(liar)));
  const badFilter = inflatePng(liar);
  const data = badFilter.data.slice();
  data[0] = 9;
  assert.throws(() => unfilterToRgba({ ...badFilter, data }), /filter type 9/);
  assert.throws(() => unfilterToRgba({ ...badFilter, data: data.subarray(0, 10) }), /too short/);
  assert.throws(() => inflatePng(new Uint8Array(10)), /too short/);
});
