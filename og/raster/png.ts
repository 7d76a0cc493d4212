/**
 * A fast PNG encoder for the rendered card pixels: filter "none" on every
 * row (the cheapest filter, and on flat card backgrounds no other filter
 * compresses better at low levels) and the runtime's native zlib at level 4
 * (`node:zlib` `deflateSync`: no streams, no Blob copies). Measured on the
 * golden cards against the former encoder (level-6 `CompressionStream`):
 * 1.07x to 1.15x the bytes in about half the time.
 *
 * @module
 */

import * as zlib from "node:zlib";

/** zlib level of {@linkcode encodeRgbaPng}: 4 keeps every golden card under 1.2x the level-6 size. */
export const PNG_DEFLATE_LEVEL = 4;

const CRC_TABLE = (() => {
  const table = new Int32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c;
  }
  return table;
})();

/** CRC-32 of `bytes[start..end)` in JS (the reference; {@linkcode crc32} uses zlib's where the runtime has it). */
export function crc32Js(bytes: Uint8Array, start = 0, end = bytes.length): number {
  let c = -1;
  for (let i = start; i < end; i++) {
    c = CRC_TABLE[(c ^ bytes[i]) & 255] ^ (c >>> 8);
  }
  return (c ^ -1) >>> 0;
}

const nativeCrc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;

/**
 * CRC-32 of `bytes[start..end)`: `node:zlib`'s native `crc32` when the
 * runtime has it (Deno 2.9 does; the JS loop took about 3 ms over a card's
 * 50-100 KB of image data), else {@linkcode crc32Js}.
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length): number {
  return nativeCrc32 ? nativeCrc32(bytes.subarray(start, end)) >>> 0 : crc32Js(bytes, start, end);
}

let rows: Uint8Array | null = null;

/** Options of {@linkcode encodeRgbaPng}. */
export interface PngOptions {
  /** zlib level, 0-9 (default {@linkcode PNG_DEFLATE_LEVEL}). */
  readonly level?: number;
}

/**
 * Encodes 8-bit RGBA pixels (`width * height * 4` bytes, rows top to bottom)
 * as a PNG (colour type 6, no interlace, filter "none" on every row, one
 * IDAT chunk). Synchronous: it runs inside the render Workers.
 */
export function encodeRgbaPng(
  pixels: Uint8Array,
  width: number,
  height: number,
  options: PngOptions = {},
): Uint8Array {
  const stride = width * 4;
  if (pixels.length !== stride * height) {
    throw new Error(
      `Cannot encode PNG: ${pixels.length} bytes for ${width}x${height} RGBA`,
    );
  }
  // The filtered rows, in a buffer kept for the next image of the same size (this is synchronous).
  if (rows?.length !== (stride + 1) * height) rows = new Uint8Array((stride + 1) * height);
  const raw = rows;
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) is already there.
    raw.set(pixels.subarray(y * stride, (y + 1) * stride), y * (stride + 1) + 1);
  }
  const idat = zlib.deflateSync(raw, { level: options.level ?? PNG_DEFLATE_LEVEL });
  const out = new Uint8Array(8 + (12 + 13) + (12 + idat.length) + 12);
  const view = new DataView(out.buffer);
  out.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  let offset = 8;
  const chunk = (type: string, length: number, fill: (at: number) => void) => {
    view.setUint32(offset, length);
    const start = offset + 4;
    for (let i = 0; i < 4; i++) out[start + i] = type.charCodeAt(i);
    fill(start + 4);
    view.setUint32(start + 4 + length, crc32(out, start, start + 4 + length));
    offset = start + 8 + length;
  };
  chunk("IHDR", 13, (at) => {
    view.setUint32(at, width);
    view.setUint32(at + 4, height);
    out[at + 8] = 8; // bit depth
    out[at + 9] = 6; // RGBA; compression, filter and interlace stay 0
  });
  chunk("IDAT", idat.length, (at) => out.set(idat, at));
  chunk("IEND", 0, () => {});
  return out;
}
