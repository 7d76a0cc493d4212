/**
 * Small generated images of the demo gateway: solid or disc-shaped logos as
 * PNG (fast-png), JPEG (jpeg-js) and lossless WebP (a minimal VP8L writer).
 *
 * @module
 */
import { encode as encodePng } from "fast-png";
import jpeg from "jpeg-js";

/** An RGB colour, 0-255 per channel. */
export type Rgb = readonly [number, number, number];

/** An image file: bytes and MIME type. */
export interface ImageFile {
  readonly bytes: Uint8Array;
  readonly contentType: string;
}

/**
 * RGBA pixels of a `size` x `size` image: a filled disc of `color` on a
 * transparent background, or the whole square with `square`.
 */
export function discPixels(
  size: number,
  color: Rgb,
  options: { square?: boolean; ring?: Rgb } = {},
): Uint8Array {
  const data = new Uint8Array(size * size * 4);
  const c = (size - 1) / 2;
  const r = size / 2;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const d = Math.hypot(x - c, y - c);
      const i = (y * size + x) * 4;
      const inside = options.square || d <= r;
      const rgb = options.ring && d > r * 0.55 && d < r * 0.75 ? options.ring : color;
      data[i] = rgb[0];
      data[i + 1] = rgb[1];
      data[i + 2] = rgb[2];
      data[i + 3] = inside ? 255 : 0;
    }
  }
  return data;
}

/** A PNG of a disc (or square) of one colour. */
export function pngLogo(
  size: number,
  color: Rgb,
  options: { square?: boolean; ring?: Rgb } = {},
): ImageFile {
  const data = discPixels(size, color, options);
  return {
    bytes: encodePng({ width: size, height: size, data, channels: 4 }),
    contentType: "image/png",
  };
}

/** A JPEG (no alpha) filled with one colour. */
export function jpegLogo(size: number, color: Rgb): ImageFile {
  const data = discPixels(size, color, { square: true });
  const encoded = jpeg.encode({ data, width: size, height: size }, 90);
  return { bytes: new Uint8Array(encoded.data), contentType: "image/jpeg" };
}

/**
 * A lossless WebP (VP8L) of `width` x `height` filled with one opaque colour.
 * Each of the five prefix codes has a single symbol, so pixels take no bits.
 */
export function webpSolid(width: number, height: number, color: Rgb): ImageFile {
  const bits: number[] = [];
  const put = (value: number, count: number) => {
    for (let i = 0; i < count; i++) bits.push((value >> i) & 1);
  };
  put(0x2f, 8); // VP8L signature
  put(width - 1, 14);
  put(height - 1, 14);
  put(0, 1); // alpha is not used
  put(0, 3); // version
  put(0, 1); // no transform
  put(0, 1); // no colour cache
  put(0, 1); // no meta prefix codes
  const simpleCode = (symbol: number) => {
    put(1, 1); // simple code
    put(0, 1); // one symbol
    if (symbol < 2) {
      put(0, 1); // 1-bit symbol
      put(symbol, 1);
    } else {
      put(1, 1); // 8-bit symbol
      put(symbol, 8);
    }
  };
  simpleCode(color[1]); // green
  simpleCode(color[0]); // red
  simpleCode(color[2]); // blue
  simpleCode(255); // alpha
  simpleCode(0); // distance
  const payload = new Uint8Array(Math.ceil(bits.length / 8));
  bits.forEach((bit, i) => (payload[i >> 3] |= bit << (i & 7)));
  const chunkSize = payload.length;
  const padded = chunkSize + (chunkSize & 1);
  const out = new Uint8Array(12 + 8 + padded);
  const view = new DataView(out.buffer);
  const ascii = (text: string, at: number) => [...text].forEach((ch, i) => (out[at + i] = ch.charCodeAt(0)));
  ascii("RIFF", 0);
  view.setUint32(4, 4 + 8 + padded, true);
  ascii("WEBP", 8);
  ascii("VP8L", 12);
  view.setUint32(16, chunkSize, true);
  out.set(payload, 20);
  return { bytes: out, contentType: "image/webp" };
}

/** A colour of the given hue (0-360) at fixed saturation and lightness. */
export function hueColor(hue: number, saturation = 0.62, lightness = 0.5): Rgb {
  const c = (1 - Math.abs(2 * lightness - 1)) * saturation;
  const h = (hue % 360) / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = h < 1
    ? [c, x, 0]
    : h < 2
    ? [x, c, 0]
    : h < 3
    ? [0, c, x]
    : h < 4
    ? [0, x, c]
    : h < 5
    ? [x, 0, c]
    : [c, 0, x];
  const m = lightness - c / 2;
  return [
    Math.round((r + m) * 255),
    Math.round((g + m) * 255),
    Math.round((b + m) * 255),
  ];
}
