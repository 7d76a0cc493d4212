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

import type { Rgb } from "./average_color.ts";
import { type RasterImage, rasterizeSvg } from "./resvg.ts";

/** What to paint under the card layer. */
export interface Backdrop {
  /** Colour at the top-left corner. */
  readonly from: Rgb;
  /** Colour at the bottom-right corner (same as `from` for a flat card). */
  readonly to: Rgb;
  /** Watermark picture (premultiplied RGBA) and how strongly to draw it. */
  readonly watermark?: { readonly image: RasterImage; readonly opacity: number };
}

/** Size of the watermark and where it sits (it runs off the corner). */
export const WATERMARK = { size: 560, right: -90, bottom: -120 } as const;

const watermarks = new Map<string, Promise<RasterImage>>();

/** Draws an SVG once at the watermark size and keeps the pixels. */
export function watermarkImage(svg: string): Promise<RasterImage> {
  let pending = watermarks.get(svg);
  if (!pending) {
    pending = rasterizeSvg(svg, WATERMARK.size);
    pending.catch(() => watermarks.delete(svg));
    watermarks.set(svg, pending);
  }
  return pending;
}

/**
 * Paints the backdrop into a new opaque RGBA buffer of `width` x `height`.
 */
export function paintBackdrop(
  backdrop: Backdrop,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
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
  for (let y = 0; y < height; y++) {
    out.set(table.subarray(y * 4, (y + width) * 4), y * width * 4);
  }
  const mark = backdrop.watermark;
  if (mark) {
    const { image, opacity } = mark;
    const left = width - image.width - WATERMARK.right;
    const top = height - image.height - WATERMARK.bottom;
    for (let y = Math.max(0, top); y < Math.min(height, top + image.height); y++) {
      for (let x = Math.max(0, left); x < Math.min(width, left + image.width); x++) {
        const s = ((y - top) * image.width + (x - left)) * 4;
        const a = image.pixels[s + 3] * opacity / 255;
        if (a === 0) continue;
        const d = (y * width + x) * 4;
        out[d] = image.pixels[s] * opacity + out[d] * (1 - a) + 0.5;
        out[d + 1] = image.pixels[s + 1] * opacity + out[d + 1] * (1 - a) + 0.5;
        out[d + 2] = image.pixels[s + 2] * opacity + out[d + 2] * (1 - a) + 0.5;
      }
    }
  }
  return out;
}

/**
 * Lays `layer` (premultiplied RGBA, as resvg renders it) over the opaque
 * `base`, in place.
 */
export function composite(base: Uint8Array, layer: Uint8Array): void {
  for (let i = 0; i < base.length; i += 4) {
    const a = layer[i + 3];
    if (a === 0) continue;
    if (a === 255) {
      base[i] = layer[i];
      base[i + 1] = layer[i + 1];
      base[i + 2] = layer[i + 2];
      continue;
    }
    const k = 1 - a / 255;
    base[i] = layer[i] + base[i] * k + 0.5;
    base[i + 1] = layer[i + 1] + base[i + 1] * k + 0.5;
    base[i + 2] = layer[i + 2] + base[i + 2] * k + 0.5;
  }
}
