/**
 * The card's backdrop, painted straight into the pixel buffer: the
 * background colour (or a diagonal blend of two colours) and the product
 * logo as a faint watermark in the lower right corner.
 *
 * Why not in the SVG: resvg-wasm needs about 90 ms to fill a 1200x630
 * gradient and about 100 ms to draw a 560 px logo, while this loop takes a
 * few milliseconds. The card layer (text, logos, badges) is drawn by resvg on
 * a transparent background and laid over the backdrop.
 *
 * @module
 */

import type { Rgb } from "../layout/color.ts";
import { type RasterImage, rasterizeSvg } from "./resvg.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";
import { storedSprites } from "./layer_store.ts";
import { drawnParts, type Sprite } from "./sprites.ts";
import { wordAligned } from "./words.ts";

/** What to paint under the card layer. */
export interface Backdrop {
  /** Colour at the top-left corner. */
  readonly from: Rgb;
  /** Colour at the bottom-right corner (same as `from` for a flat card). */
  readonly to: Rgb;
  /** The watermark, ready to lay ({@linkcode watermarkFor}, {@linkcode watermarkOf}). */
  readonly watermark?: Watermark;
}

/**
 * A watermark ready to lay: its picture times its opacity, premultiplied
 * (alpha is how much of it covers the backdrop), cut to the parts that hold
 * pixels (`sprites.ts`), placed from the card's bottom-right corner (a part
 * at `x`, `y` lies at `width + x`, `height + y` of a card).
 */
export interface Watermark {
  readonly opacity: number;
  readonly parts: readonly Sprite[];
}

/** Size of the watermark and where it sits (it runs off the corner). */
export const WATERMARK = { size: 560, right: -90, bottom: -120 } as const;

/** Draws an SVG once at the watermark size and keeps the pixels (a failure is drawn again next time). */
export const watermarkImage: (svg: string) => Promise<RasterImage> = memoizeUntilFailure((svg: string) =>
  rasterizeSvg(svg, WATERMARK.size)
);

/**
 * The watermark of `image` (premultiplied RGBA, the product logo drawn at
 * {@linkcode WATERMARK}'s size) at `opacity`: each pixel's colour times
 * `opacity` (rounded half up, as a Uint8Array stores it) and its alpha
 * times `opacity` rounded. A pixel whose alpha rounds to 0 is left blank:
 * its colour, at most its alpha, rounds to 0 too, so it would change
 * nothing. Laid with {@linkcode compositeAt}, it gives the pixels of the
 * picture drawn over the backdrop at that opacity.
 */
export function watermarkOf(image: RasterImage, opacity: number): Watermark {
  const { width, height } = image;
  const source = image.pixels;
  // per byte value: a colour channel times opacity (stored truncated, as a Uint8Array stores it), and alpha's
  const colour = new Uint8Array(256);
  const alpha = new Uint8Array(256);
  for (let v = 0; v < 256; v++) {
    colour[v] = v * opacity + 0.5;
    alpha[v] = Math.round(v * opacity);
  }
  const pixels = new Uint8Array(source.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const a = alpha[source[i + 3]];
    if (a === 0) continue;
    pixels[i] = colour[source[i]];
    pixels[i + 1] = colour[source[i + 1]];
    pixels[i + 2] = colour[source[i + 2]];
    pixels[i + 3] = a;
  }
  // placed from the card's bottom-right corner
  const left = -image.width - WATERMARK.right;
  const top = -image.height - WATERMARK.bottom;
  // cut in bands of rows, each to the parts that hold pixels: laying them skips most of the blank around the shape
  const parts: Sprite[] = [];
  for (let y0 = 0; y0 < height; y0 += WATERMARK_BAND) {
    const rows = Math.min(WATERMARK_BAND, height - y0);
    const band = { width, height: rows, pixels: pixels.subarray(y0 * width * 4, (y0 + rows) * width * 4) };
    for (const part of drawnParts(band)) parts.push({ ...part, x: left + part.x, y: top + y0 + part.y });
  }
  return { opacity, parts };
}

/** Rows of a band of the watermark's parts (a part is cut to what it holds within its band). */
const WATERMARK_BAND = 16;

/** The watermark of the key `{opacity} {svg}`, kept once made (see {@linkcode watermarkFor}). */
const storedWatermark = memoizeUntilFailure(async (key: string): Promise<Watermark> => {
  const cut = key.indexOf(" ");
  const opacity = Number(key.slice(0, cut));
  const svg = key.slice(cut + 1);
  const parts = await storedSprites(
    ["watermark", svg, WATERMARK, opacity],
    async () => [...watermarkOf(await watermarkImage(svg), opacity).parts],
  );
  return { opacity, parts };
});

/**
 * The watermark of the SVG document `svg` at `opacity`, made once per
 * process: read from the layer store (`layer_store.ts`, filled by the build)
 * when it holds it, else drawn (resvg, then {@linkcode watermarkOf}: about
 * 10 ms in a fresh process) and written there. A failure is tried again
 * next time.
 */
export function watermarkFor(svg: string, opacity: number): Promise<Watermark> {
  return storedWatermark(`${opacity} ${svg}`);
}

/**
 * Paints the backdrop into a new opaque RGBA buffer of `width` x `height`,
 * or over every pixel of `into` (a buffer of that size, reused).
 */
export function paintBackdrop(
  backdrop: Backdrop,
  width: number,
  height: number,
  into?: Uint8Array,
): Uint8Array {
  if (into && into.length !== width * height * 4) {
    throw new RangeError(`Cannot paint a ${width}x${height} backdrop into ${into.length} bytes`);
  }
  const out = into ?? new Uint8Array(width * height * 4);
  const { from, to } = backdrop;
  // The colour depends on x + y only: one table of width + height colours,
  // and each row is a slice of it (one copy per row).
  const span = width + height - 2 || 1;
  const table = new Uint8Array((width + height) * 4);
  for (let s = 0; s < width + height; s++) {
    const t = Math.min(1, s / span);
    table[s * 4] = from.r + (to.r - from.r) * t + 0.5;
    table[s * 4 + 1] = from.g + (to.g - from.g) * t + 0.5;
    table[s * 4 + 2] = from.b + (to.b - from.b) * t + 0.5;
    table[s * 4 + 3] = 255;
  }
  if (from.r === to.r && from.g === to.g && from.b === to.b && wordAligned(out)) {
    // flat: one 32-bit fill
    new Uint32Array(out.buffer, out.byteOffset, out.length >> 2).fill(new Uint32Array(table.buffer, 0, 1)[0]);
  } else {
    for (let y = 0; y < height; y++) {
      out.set(table.subarray(y * 4, (y + width) * 4), y * width * 4);
    }
  }
  const parts = backdrop.watermark?.parts ?? [];
  const flat = from.r === to.r && from.g === to.g && from.b === to.b && wordAligned(out);
  // On a flat backdrop the base is one colour: its share per alpha is a table of whole opaque pixels (a channel's
  // sum never carries: a premultiplied colour is at most its alpha, the base's share at most 255 - alpha).
  const keep32 = flat && parts.length > 0 ? shareTable(from) : null;
  const out32 = keep32 !== null ? new Uint32Array(out.buffer, out.byteOffset, out.length >> 2) : null;
  for (const part of parts) {
    const placed = { ...part, x: width + part.x, y: height + part.y };
    if (out32 !== null && part.pixels.byteOffset % 4 === 0) layOnFlat(out32, width, height, placed, keep32!);
    else compositeAt(out, width, height, placed);
  }
  return out;
}

/** Per alpha `a`, the opaque pixel of `colour` times `255 - a` over 255, rounded as {@linkcode compositeAt} does. */
function shareTable(colour: Rgb): Uint32Array {
  const table = new Uint32Array(256);
  for (let a = 0; a < 256; a++) {
    const keep = 255 - a;
    const r = (colour.r * keep + 127) * 257 >>> 16;
    const g = (colour.g * keep + 127) * 257 >>> 16;
    const b = (colour.b * keep + 127) * 257 >>> 16;
    table[a] = (r | g << 8 | b << 16 | 255 << 24) >>> 0;
  }
  return table;
}

/**
 * {@linkcode compositeAt} over a base of one colour (`base32`, its pixels 32
 * bits at a time) whose share per alpha is `share` ({@linkcode shareTable}).
 */
function layOnFlat(base32: Uint32Array, width: number, height: number, sprite: Sprite, share: Uint32Array): void {
  const x0 = Math.max(0, sprite.x);
  const x1 = Math.min(width, sprite.x + sprite.width);
  const y0 = Math.max(0, sprite.y);
  const y1 = Math.min(height, sprite.y + sprite.height);
  const layer32 = new Uint32Array(sprite.pixels.buffer, sprite.pixels.byteOffset, sprite.pixels.length >> 2);
  for (let y = y0; y < y1; y++) {
    let s = (y - sprite.y) * sprite.width + (x0 - sprite.x);
    let d = y * width + x0;
    for (let x = x0; x < x1; x++, s++, d++) {
      const pixel = layer32[s];
      if (pixel !== 0) base32[d] = (pixel & 0xffffff) + share[pixel >>> 24];
    }
  }
}

/**
 * Lays `sprite` (premultiplied RGBA at `sprite.x`, `sprite.y`, as resvg
 * renders it) over the opaque `base` of `width` x `height`, in place; the
 * parts outside the base are left out.
 */
export function compositeAt(
  base: Uint8Array,
  width: number,
  height: number,
  sprite: {
    readonly x: number;
    readonly y: number;
    readonly width: number;
    readonly height: number;
    readonly pixels: Uint8Array;
  },
): void {
  const x0 = Math.max(0, sprite.x);
  const x1 = Math.min(width, sprite.x + sprite.width);
  const y0 = Math.max(0, sprite.y);
  const y1 = Math.min(height, sprite.y + sprite.height);
  if (x1 <= x0 || y1 <= y0) return;
  const layer = sprite.pixels;
  const aligned = wordAligned(base, layer);
  if (!aligned) {
    const columns = (x1 - x0) * 4;
    for (let y = y0; y < y1; y++) {
      const from = ((y - sprite.y) * sprite.width + (x0 - sprite.x)) * 4;
      const to = (y * width + x0) * 4;
      composite(base.subarray(to, to + columns), layer.subarray(from, from + columns));
    }
    return;
  }
  // 32 bits at a time: most of a layer is fully transparent (all zero) or fully opaque (copied whole)
  const base32 = new Uint32Array(base.buffer, base.byteOffset, base.length >> 2);
  const layer32 = new Uint32Array(layer.buffer, layer.byteOffset, layer.length >> 2);
  for (let y = y0; y < y1; y++) {
    let s = (y - sprite.y) * sprite.width + (x0 - sprite.x);
    let d = y * width + x0;
    for (let x = x0; x < x1; x++, s++, d++) {
      const pixel = layer32[s];
      if (pixel === 0) continue;
      const a = pixel >>> 24;
      if (a === 255) {
        base32[d] = pixel;
        continue;
      }
      const keep = 255 - a;
      const i = d * 4;
      const j = s * 4;
      // x / 255 rounded, in integers
      base[i] = layer[j] + ((base[i] * keep + 127) * 257 >>> 16);
      base[i + 1] = layer[j + 1] + ((base[i + 1] * keep + 127) * 257 >>> 16);
      base[i + 2] = layer[j + 2] + ((base[i + 2] * keep + 127) * 257 >>> 16);
    }
  }
}

/**
 * Lays `layer` (premultiplied RGBA, as resvg renders it) over the opaque
 * `base`, in place. Pixels are read 32 bits at a time: most of a card's
 * layer is fully transparent (all zero) or fully opaque (copied whole).
 */
export function composite(base: Uint8Array, layer: Uint8Array): void {
  const aligned = wordAligned(base, layer);
  const base32 = aligned ? new Uint32Array(base.buffer, base.byteOffset, base.length >> 2) : null;
  const layer32 = aligned ? new Uint32Array(layer.buffer, layer.byteOffset, layer.length >> 2) : null;
  for (let p = 0, i = 0; i < base.length; p++, i += 4) {
    if (layer32) {
      const pixel = layer32[p];
      if (pixel === 0) continue;
      if (pixel >>> 24 === 255) {
        base32![p] = pixel;
        continue;
      }
    }
    const a = layer[i + 3];
    if (a === 0) continue;
    if (a === 255) {
      base[i] = layer[i];
      base[i + 1] = layer[i + 1];
      base[i + 2] = layer[i + 2];
      continue;
    }
    const keep = 255 - a;
    // x / 255 rounded, in integers
    base[i] = layer[i] + ((base[i] * keep + 127) * 257 >>> 16);
    base[i + 1] = layer[i + 1] + ((base[i + 1] * keep + 127) * 257 >>> 16);
    base[i + 2] = layer[i + 2] + ((base[i + 2] * keep + 127) * 257 >>> 16);
  }
}

const circleCovers = new Map<number, Float64Array>();

/** How much of each pixel of a `size` square the inscribed circle covers, by distance from its centre (kept per size). */
function circleCover(size: number): Float64Array {
  let mask = circleCovers.get(size);
  if (!mask) {
    mask = new Float64Array(size * size);
    const r = size / 2;
    for (let j = 0; j < size; j++) {
      const dy = j + 0.5 - r;
      for (let i = 0; i < size; i++) {
        const dx = i + 0.5 - r;
        mask[j * size + i] = Math.min(1, Math.max(0, r + 0.5 - Math.sqrt(dx * dx + dy * dy)));
      }
    }
    circleCovers.set(size, mask);
  }
  return mask;
}

/** Makes ready the circle {@linkcode roundLogo} cuts `size` px logos to (the first card of a process pays it). */
export function prepareRoundLogo(size: number): void {
  circleCover(size);
}

/**
 * A square logo (`size` x `size`, straight RGBA) cut to a circle, as the
 * cards draw it (`border-radius` of half its size), premultiplied and ready
 * to lay at `x`, `y`; the circle's edge is anti-aliased by its distance
 * from each pixel's centre.
 */
export function roundLogo(
  pixels: Uint8Array,
  size: number,
  x: number,
  y: number,
): { x: number; y: number; width: number; height: number; pixels: Uint8Array } {
  if (pixels.length !== size * size * 4) {
    throw new RangeError(`Cannot draw a ${size} px logo from ${pixels.length} bytes: expected ${size * size * 4}`);
  }
  const out = new Uint8Array(pixels.length);
  const mask = circleCover(size);
  for (let p = 0, o = 0; p < mask.length; p++, o += 4) {
    const cover = mask[p];
    if (cover === 0) continue;
    const a = pixels[o + 3] * cover;
    out[o] = (pixels[o] * a) / 255 + 0.5;
    out[o + 1] = (pixels[o + 1] * a) / 255 + 0.5;
    out[o + 2] = (pixels[o + 2] * a) / 255 + 0.5;
    out[o + 3] = a + 0.5;
  }
  return { x, y, width: size, height: size, pixels: out };
}
