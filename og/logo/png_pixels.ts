/**
 * PNG logos to 8-bit RGBA with the runtime's native zlib: the image data is
 * inflated once (capped at what the header's size allows, so a small file
 * that inflates to gigabytes is refused before anything holds it) and, for
 * the common kinds (8-bit RGBA, RGB, grey and grey with alpha, not
 * interlaced, no `tRNS`), unfiltered here. Any other PNG (palette, 16-bit,
 * interlaced, transparency chunk) gives `null` for fast-png to decode.
 * Native inflate is what makes it fast: fast-png inflates in JavaScript
 * (pako), about 0.6 ms of a 128 px logo's 0.7 ms.
 *
 * @module
 */

import * as zlib from "node:zlib";
import { concatBytes } from "../../lib/bytes.ts";

/** 8-bit RGBA pixels. */
export interface RgbaPixels {
  readonly width: number;
  readonly height: number;
  readonly data: Uint8Array;
}

/** What the IHDR and the other chunks say, and the image data inflated. */
export interface InflatedPng {
  readonly width: number;
  readonly height: number;
  readonly depth: number;
  readonly colorType: number;
  readonly interlaced: boolean;
  /** A `tRNS` chunk is present. */
  readonly transparency: boolean;
  /** The filtered scanlines. */
  readonly data: Uint8Array;
}

const CHANNELS_OF_COLOR_TYPE: Readonly<Record<number, number>> = { 0: 1, 2: 3, 3: 1, 4: 2, 6: 4 };

/**
 * Inflates the image data of a PNG, refusing (throwing) as soon as it would
 * grow past what the header's size allows (twice the scanline bytes, for the
 * filter bytes of interlaced passes, plus 1 KiB), and on a broken stream.
 */
export function inflatePng(bytes: Uint8Array): InflatedPng {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 33) throw new Error("Cannot read PNG: too short");
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  const depth = bytes[24];
  const colorType = bytes[25];
  const channels = CHANNELS_OF_COLOR_TYPE[colorType];
  if (!channels) throw new Error(`Cannot read PNG: colour type ${colorType}`);
  const rowBytes = Math.ceil((width * channels * depth) / 8) + 1;
  const limit = rowBytes * height * 2 + 1024;
  const idat: Uint8Array[] = [];
  let transparency = false;
  for (let offset = 8; offset + 8 <= bytes.length;) {
    const length = view.getUint32(offset);
    const type = String.fromCharCode(bytes[offset + 4], bytes[offset + 5], bytes[offset + 6], bytes[offset + 7]);
    if (type === "IDAT") {
      const part = bytes.subarray(offset + 8, offset + 8 + length);
      idat.push(part);
    } else if (type === "tRNS") transparency = true;
    else if (type === "IEND") break;
    offset += 12 + length;
  }
  const joined = concatBytes(idat);
  let data: Uint8Array;
  try {
    data = zlib.inflateSync(joined, { maxOutputLength: limit });
  } catch (error) {
    if (error instanceof RangeError) {
      throw new Error(`Cannot decode PNG: image data inflates past ${limit} bytes for ${width}x${height}`);
    }
    throw new Error(`Cannot decode PNG: ${error instanceof Error ? error.message : String(error)}`);
  }
  return { width, height, depth, colorType, interlaced: bytes[28] !== 0, transparency, data };
}

/**
 * The RGBA pixels of an inflated PNG of a common kind (see the module), or
 * `null` for fast-png to decode. Throws when the data is too short or a
 * filter type is unknown.
 */
export function unfilterToRgba(png: InflatedPng): RgbaPixels | null {
  const { width, height, depth, colorType, interlaced, transparency, data } = png;
  if (depth !== 8 || interlaced || transparency || colorType === 3) return null;
  const bpp = CHANNELS_OF_COLOR_TYPE[colorType];
  const stride = width * bpp;
  if (data.length < (stride + 1) * height) throw new Error("Cannot decode PNG: image data too short");
  let previous = new Uint8Array(stride);
  let current = new Uint8Array(stride);
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    const filter = data[at];
    const line = data.subarray(at + 1, at + 1 + stride);
    switch (filter) {
      case 0:
        current.set(line);
        break;
      case 1:
        for (let i = 0; i < stride; i++) current[i] = line[i] + (i >= bpp ? current[i - bpp] : 0);
        break;
      case 2:
        for (let i = 0; i < stride; i++) current[i] = line[i] + previous[i];
        break;
      case 3:
        for (let i = 0; i < stride; i++) {
          current[i] = line[i] + (((i >= bpp ? current[i - bpp] : 0) + previous[i]) >> 1);
        }
        break;
      case 4:
        for (let i = 0; i < stride; i++) {
          const a = i >= bpp ? current[i - bpp] : 0;
          const b = previous[i];
          const c = i >= bpp ? previous[i - bpp] : 0;
          const p = a + b - c;
          const pa = Math.abs(p - a);
          const pb = Math.abs(p - b);
          const pc = Math.abs(p - c);
          current[i] = line[i] + (pa <= pb && pa <= pc ? a : pb <= pc ? b : c);
        }
        break;
      default:
        throw new Error(`Cannot decode PNG: filter type ${filter}`);
    }
    let o = y * width * 4;
    if (bpp === 4) out.set(current, o);
    else if (bpp === 3) {
      for (let i = 0; i < stride; i += 3, o += 4) {
        out[o] = current[i];
        out[o + 1] = current[i + 1];
        out[o + 2] = current[i + 2];
        out[o + 3] = 255;
      }
    } else if (bpp === 2) {
      for (let i = 0; i < stride; i += 2, o += 4) {
        out[o] = out[o + 1] = out[o + 2] = current[i];
        out[o + 3] = current[i + 1];
      }
    } else {
      for (let i = 0; i < stride; i++, o += 4) {
        out[o] = out[o + 1] = out[o + 2] = current[i];
        out[o + 3] = 255;
      }
    }
    [previous, current] = [current, previous];
  }
  return { width, height, data: out };
}
