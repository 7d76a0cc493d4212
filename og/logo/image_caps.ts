/**
 * Caps on bitmap logos, checked from the file header before any decoder runs.
 *
 * The header of PNG (IHDR), JPEG (every start-of-frame marker: baseline,
 * extended, progressive, lossless, arithmetic), GIF (logical screen and every
 * frame's image descriptor) and WebP (VP8, VP8L, VP8X) gives the size the
 * decoder would allocate for; over {@linkcode BITMAP_LIMITS} the file is
 * refused. The budget is 2048 x 2048 (4.2 Mpx) for every format, progressive
 * JPEG included: a logo is drawn at most 160 px wide and averaged from at most
 * 262,144 samples, so more pixels add nothing but decode time and memory.
 * Measured with jpeg-js 0.4.4 on noise (peak RSS of a fresh process): 4096 x
 * 4096 progressive 829 MB and 9.6 s, 2048 x 2048 progressive 250 MB and 2.4 s
 * (baseline about the same); `analyzeLogo` on such 2048 x 2048 noise took
 * 4.7-5.8 s and 510 MB peak under a load average of 12. The 2 MB body cap of
 * the fetch keeps real files well under that (less entropy to decode).
 *
 * @module
 */

import type { ImageType } from "./sniff.ts";

/** Limits of a bitmap logo. */
export const BITMAP_LIMITS = {
  /** Largest width x height of PNG, JPEG (baseline or progressive), GIF and WebP. */
  maxPixels: 2048 * 2048,
  /** Largest width or height on its own (a 1 x 4,000,000 strip is no logo). */
  maxSide: 8192,
} as const;

/** Why a bitmap was refused before decoding. */
export class ImageRefusedError extends Error {
  override name = "ImageRefusedError";
}

/** What a bitmap header says. */
export interface BitmapHeader {
  readonly width: number;
  readonly height: number;
  /** JPEG coded progressively (SOF2, SOF6, SOF10, SOF14) or losslessly. */
  readonly progressive: boolean;
}

function pngHeader(bytes: Uint8Array, view: DataView): BitmapHeader | null {
  // Signature (8), IHDR length (4) and type (4), then width and height.
  if (bytes.length < 24) return null;
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== "IHDR") return null;
  return { width: view.getUint32(16), height: view.getUint32(20), progressive: false };
}

/** Start-of-frame markers: C0-CF except DHT (C4), JPG (C8) and DAC (CC). */
function isStartOfFrame(marker: number): boolean {
  return marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
}

/**
 * Walks the JPEG's marker segments up to the first scan. Every frame header
 * met on the way counts (a file may not hide a second, larger one), and a
 * file without one is unreadable.
 */
function jpegHeader(bytes: Uint8Array, view: DataView): BitmapHeader | null {
  let found: BitmapHeader | null = null;
  let offset = 2;
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null;
    const marker = bytes[offset + 1];
    // Fill bytes, and markers without a length (SOI, TEM, RSTn).
    if (marker === 0xff) {
      offset++;
      continue;
    }
    if (marker === 0xd8 || marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) break;
    const length = view.getUint16(offset + 2);
    if (length < 2) return null;
    if (isStartOfFrame(marker)) {
      if (offset + 9 > bytes.length) return null;
      const frame = {
        height: view.getUint16(offset + 5),
        width: view.getUint16(offset + 7),
        // Progressive: C2, C6, CA, CE; lossless: C3, C7, CB, CF.
        progressive: (marker & 0x03) >= 2,
      };
      if (
        !found || frame.width * frame.height > found.width * found.height ||
        (frame.progressive && !found.progressive)
      ) {
        found = frame;
      }
    }
    offset += 2 + length;
  }
  return found;
}

/**
 * The GIF's logical screen and every image descriptor: a decoder allocates
 * for the frame's own size, which may exceed the screen's.
 */
function gifHeader(bytes: Uint8Array, view: DataView): BitmapHeader | null {
  if (bytes.length < 13) return null;
  let width = view.getUint16(6, true);
  let height = view.getUint16(8, true);
  let offset = 13;
  const flags = bytes[10];
  if (flags & 0x80) offset += 3 * (1 << ((flags & 0x07) + 1));
  let frames = 0;
  while (offset < bytes.length) {
    const block = bytes[offset];
    if (block === 0x3b) break; // trailer
    if (block === 0x21) { // extension: label, then sub-blocks
      offset += 2;
    } else if (block === 0x2c) { // image descriptor
      if (offset + 10 > bytes.length) return null;
      const left = view.getUint16(offset + 1, true);
      const top = view.getUint16(offset + 3, true);
      width = Math.max(width, left + view.getUint16(offset + 5, true));
      height = Math.max(height, top + view.getUint16(offset + 7, true));
      frames++;
      const local = bytes[offset + 9];
      offset += 10;
      if (local & 0x80) offset += 3 * (1 << ((local & 0x07) + 1));
      offset += 1; // LZW minimum code size
    } else {
      return null;
    }
    // Data sub-blocks up to the zero-length terminator.
    while (offset < bytes.length && bytes[offset] !== 0) offset += bytes[offset] + 1;
    offset++;
  }
  return frames > 0 ? { width, height, progressive: false } : null;
}

function webpHeader(bytes: Uint8Array, view: DataView): BitmapHeader | null {
  if (bytes.length < 30) return null;
  const chunk = String.fromCharCode(...bytes.subarray(12, 16));
  if (chunk === "VP8 ") {
    // Frame tag (3), start code 9d 01 2a, then 14-bit width and height.
    if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) return null;
    return {
      width: view.getUint16(26, true) & 0x3fff,
      height: view.getUint16(28, true) & 0x3fff,
      progressive: false,
    };
  }
  if (chunk === "VP8L") {
    if (bytes[20] !== 0x2f) return null;
    const bits = view.getUint32(21, true);
    return { width: (bits & 0x3fff) + 1, height: ((bits >> 14) & 0x3fff) + 1, progressive: false };
  }
  if (chunk === "VP8X") {
    const width = 1 + (bytes[24] | (bytes[25] << 8) | (bytes[26] << 16));
    const height = 1 + (bytes[27] | (bytes[28] << 8) | (bytes[29] << 16));
    return { width, height, progressive: false };
  }
  return null;
}

/**
 * Width and height from a PNG, JPEG, GIF or WebP header, without decoding
 * pixels; `null` when the header cannot be read or `type` is not a bitmap.
 */
export function readBitmapHeader(bytes: Uint8Array, type: ImageType): BitmapHeader | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  switch (type) {
    case "png":
      return pngHeader(bytes, view);
    case "jpeg":
      return jpegHeader(bytes, view);
    case "gif":
      return gifHeader(bytes, view);
    case "webp":
      return webpHeader(bytes, view);
    default:
      return null;
  }
}

/**
 * Checks a bitmap's header against {@linkcode BITMAP_LIMITS} and returns it;
 * throws {@linkcode ImageRefusedError} when the header is unreadable, a side
 * is zero or too long, or the pixel count is over budget.
 */
export function checkBitmap(
  bytes: Uint8Array,
  type: Exclude<ImageType, "svg" | "other">,
  options: { maxPixels?: number } = {},
): BitmapHeader {
  const header = readBitmapHeader(bytes, type);
  if (!header) throw new ImageRefusedError(`Cannot read ${type} logo: unreadable header`);
  const { width, height, progressive } = header;
  const maxPixels = options.maxPixels ?? BITMAP_LIMITS.maxPixels;
  const budget = maxPixels;
  if (width === 0 || height === 0) {
    throw new ImageRefusedError(`Cannot use ${type} logo: it is ${width}x${height}`);
  }
  if (width > BITMAP_LIMITS.maxSide || height > BITMAP_LIMITS.maxSide || width * height > budget) {
    throw new ImageRefusedError(
      `Cannot use ${type} logo: ${width}x${height}${progressive ? " progressive" : ""} ` +
        `is over ${budget} pixels`,
    );
  }
  return header;
}
