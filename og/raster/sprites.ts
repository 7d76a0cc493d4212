/**
 * The drawn parts of a layer: a rasterized layer (mostly transparent) cut
 * to the sprites that hold its pixels, so laying it skips the blank.
 *
 * @module
 */

import type { RasterImage } from "./resvg.ts";

/** A part of a layer: premultiplied pixels and where they sit on the card. */
export interface Sprite extends RasterImage {
  readonly x: number;
  readonly y: number;
}

/** The smallest part of `image` holding every pixel that is not fully transparent. */
export function trimTransparent(image: RasterImage): Sprite {
  return trimColumns(image, 0, image.width) ?? { x: 0, y: 0, width: 0, height: 0, pixels: new Uint8Array(0) };
}

/**
 * The drawn parts of `image`: one sprite per run of columns that hold a
 * pixel not fully transparent, each trimmed to its rows (a base's logo
 * frame and product mark, apart), so laying them skips the blank between.
 */
export function drawnParts(image: RasterImage): Sprite[] {
  const { width, height, pixels } = image;
  const used = new Uint8Array(width);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) if (pixels[(y * width + x) * 4 + 3] !== 0) used[x] = 1;
  }
  const parts: Sprite[] = [];
  for (let x = 0; x < width;) {
    if (!used[x]) {
      x++;
      continue;
    }
    let end = x;
    while (end < width && used[end]) end++;
    parts.push(trimColumns(image, x, end)!);
    x = end;
  }
  return parts;
}

/** The part of columns [from, to) of `image` trimmed to what is drawn, or `null` when nothing is. */
function trimColumns(image: RasterImage, from: number, to: number): Sprite | null {
  const { width, height, pixels } = image;
  let x0 = to, y0 = height, x1 = -1, y1 = -1;
  for (let y = 0; y < height; y++) {
    for (let x = from; x < to; x++) {
      if (pixels[(y * width + x) * 4 + 3] === 0) continue;
      if (x < x0) x0 = x;
      if (x > x1) x1 = x;
      if (y < y0) y0 = y;
      y1 = y;
    }
  }
  if (x1 < 0) return null;
  const w = x1 - x0 + 1;
  const h = y1 - y0 + 1;
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    out.set(pixels.subarray(((y0 + y) * width + x0) * 4, ((y0 + y) * width + x1 + 1) * 4), y * w * 4);
  }
  return { x: x0, y: y0, width: w, height: h, pixels: out };
}
