/**
 * Logo decoding: the background colour of a token card (the average colour of
 * its logo) and the pixels the card draws.
 *
 * Every format is capped before any decoder runs (`image_caps.ts` for
 * bitmap headers, `svg_guard.ts` for SVG documents). PNG (inflated natively
 * and unfiltered by `png_pixels.ts`; fast-png for the rarer kinds) and JPEG
 * (jpeg-js) are decoded, chosen by their first bytes; an SVG logo that passes
 * its guard is drawn with resvg to fit 64 x 64 for the colour and, when asked,
 * to fit the size the card draws it at (so the card never hands resvg an
 * untrusted document). Fully transparent pixels are skipped. Anything else
 * (no logo, WebP, GIF, other types, refusals, decode failures) gives the
 * default colour, and so does an average within 50 of white (text would not
 * read on it).
 *
 * {@linkcode analyzeLogo} takes bytes and returns plain data, keeps no state
 * and never throws: it can run in a Worker.
 *
 * @module
 */

import { inflatePng, unfilterToRgba } from "./png_pixels.ts";
import { errorText, logger } from "../log.ts";
import { BITMAP_LIMITS, checkBitmap } from "./image_caps.ts";
import type { FetchedLogo } from "./logo_fetch.ts";
import { rasterizeSvg } from "../raster/resvg.ts";
import { guardSvg } from "./svg_guard.ts";

import { DEFAULT_COLOR, type Rgb } from "../layout/color.ts";

export { cssRgb, DEFAULT_COLOR, type Rgb } from "../layout/color.ts";

/** Averages closer than this to white are replaced by the default. */
export const WHITE_DISTANCE = 50;

/** Euclidean distance between two colours. */
export function colorDistance(a: Rgb, b: Rgb): number {
  return Math.hypot(a.r - b.r, a.g - b.g, a.b - b.b);
}

/** Decoded pixels in a common shape: 8-bit RGBA. */
export interface Rgba {
  width: number;
  height: number;
  data: Uint8Array | Uint8ClampedArray;
}

/** At most this many pixels are sampled (evenly spread) per logo. */
const MAX_SAMPLES = 1 << 18;

/**
 * The average of the pixels of an RGBA image, skipping fully transparent
 * pixels; `null` when every pixel is transparent.
 */
export function averageRgba(
  data: ArrayLike<number>,
  width: number,
  height: number,
): Rgb | null {
  const count = width * height;
  const step = Math.max(1, Math.floor(count / MAX_SAMPLES));
  let r = 0, g = 0, b = 0, n = 0;
  for (let i = 0; i < count; i += step) {
    const o = i * 4;
    if (data[o + 3] === 0) continue;
    r += data[o];
    g += data[o + 1];
    b += data[o + 2];
    n++;
  }
  if (n === 0) return null;
  return { r: Math.round(r / n), g: Math.round(g / n), b: Math.round(b / n) };
}

/**
 * fast-png and jpeg-js are imported when a logo first needs them: most PNG
 * logos never do (`png_pixels.ts`), and loading both took about 10 ms of a
 * fresh render worker's start, ahead of its first card.
 */
async function pngToRgba(bytes: Uint8Array): Promise<Rgba> {
  const { decode: decodePng } = await import("fast-png");
  const png = decodePng(bytes);
  const { width, height, channels, palette } = png;
  const count = width * height;
  const out = new Uint8Array(count * 4);
  const src = png.data;
  const shift = png.depth === 16 ? 8 : 0;
  if (palette) {
    // Indexed: unpack 1/2/4/8-bit indices row by row.
    const depth = png.depth;
    const rowBytes = Math.ceil((width * depth) / 8);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const bit = x * depth;
        const byte = src[y * rowBytes + (bit >> 3)];
        const index = depth === 8 ? byte : (byte >> (8 - depth - (bit & 7))) & ((1 << depth) - 1);
        const entry = palette[index] ?? [0, 0, 0, 0];
        const o = (y * width + x) * 4;
        out[o] = entry[0];
        out[o + 1] = entry[1];
        out[o + 2] = entry[2];
        out[o + 3] = entry.length > 3 ? entry[3] : 255;
      }
    }
    return { width, height, data: out };
  }
  if (png.depth < 8) {
    throw new Error(`Cannot average PNG: grey depth ${png.depth} is not supported`);
  }
  for (let i = 0; i < count; i++) {
    const s = i * channels;
    const o = i * 4;
    if (channels === 1 || channels === 2) {
      const v = src[s] >> shift;
      out[o] = out[o + 1] = out[o + 2] = v;
      out[o + 3] = channels === 2 ? src[s + 1] >> shift : 255;
    } else {
      out[o] = src[s] >> shift;
      out[o + 1] = src[s + 1] >> shift;
      out[o + 2] = src[s + 2] >> shift;
      out[o + 3] = channels === 4 ? src[s + 3] >> shift : 255;
    }
  }
  return { width, height, data: out };
}

async function jpegToRgba(bytes: Uint8Array): Promise<Rgba> {
  const { default: jpeg } = await import("jpeg-js");
  const image = jpeg.decode(bytes, {
    useTArray: true,
    formatAsRGBA: true,
    maxResolutionInMP: BITMAP_LIMITS.maxPixels / 1e6,
    maxMemoryUsageInMB: 512,
  });
  return { width: image.width, height: image.height, data: image.data };
}

/**
 * Inflates the PNG's image data once (native zlib, `png_pixels.ts`), capped
 * at what the header's size allows, and rejects when it would grow past
 * that: a small file that claims a small image but inflates to gigabytes is
 * refused before any decoder holds it in memory.
 */
export function checkPngInflatedSize(bytes: Uint8Array): Promise<void> {
  try {
    inflatePng(bytes);
    return Promise.resolve();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** Side of the square the colour of an SVG logo is drawn to fit. */
const SVG_COLOR_SIZE = 64;

/**
 * Draws a guarded SVG to fit a `box` x `box` square, aspect kept. The width
 * is whole pixels: resvg-wasm ignores a fractional `fitTo` value and draws at
 * the document's own size instead.
 */
async function svgToRgba(svg: { text: string; width: number; height: number }, box: number): Promise<Rgba> {
  const fitWidth = svg.width >= svg.height ? box : Math.max(1, Math.round((box * svg.width) / svg.height));
  const image = await rasterizeSvg(svg.text, fitWidth);
  return { width: image.width, height: image.height, data: image.pixels };
}

/** What a logo gives the card. */
export interface LogoAnalysis {
  /** Average colour of the non-transparent pixels, if it could be computed. */
  readonly average: Rgb | null;
  /**
   * Whether the card may draw the logo: PNG, JPEG and SVG that decoded, and
   * GIF (header checked). Not WebP, other types, or files that failed.
   */
  readonly drawable: boolean;
  /**
   * Decoded pixels (straight RGBA), for resampling: PNG and JPEG logos, and
   * SVG logos drawn to fit `displaySize` when that option is given.
   */
  readonly pixels: Rgba | null;
}

/** Options of {@linkcode analyzeLogo}. */
export interface AnalyzeOptions {
  /**
   * Side in pixels the card draws the logo at: an SVG logo is then drawn to
   * fit it and returned as `pixels`. Without it an SVG logo has no pixels.
   */
  readonly displaySize?: number;
}

const NOTHING: LogoAnalysis = { average: null, drawable: false, pixels: null };

/**
 * Decodes a fetched logo once to get its average colour and to learn
 * whether it is safe to draw (a file that fails here is not handed to the
 * renderer either). Refused and broken logos resolve to "not drawable, no
 * colour" with a warning in the log; this never rejects.
 */
export async function analyzeLogo(
  logo: FetchedLogo | null,
  options: AnalyzeOptions = {},
): Promise<LogoAnalysis> {
  if (!logo) return { ...NOTHING };
  try {
    if (logo.type === "gif") {
      checkBitmap(logo.bytes, "gif");
      return { average: null, drawable: true, pixels: null };
    }
    if (logo.type === "png" || logo.type === "jpeg") {
      checkBitmap(logo.bytes, logo.type);
      let image: Rgba;
      if (logo.type === "png") {
        // Inflated once, capped (a bomb is refused here); the common kinds unfiltered from that, others by fast-png.
        image = unfilterToRgba(inflatePng(logo.bytes)) ?? await pngToRgba(logo.bytes);
      } else {
        image = await jpegToRgba(logo.bytes);
      }
      return { average: averageRgba(image.data, image.width, image.height), drawable: true, pixels: image };
    }
    if (logo.type === "svg") {
      const svg = guardSvg(logo.bytes);
      const color = await svgToRgba(svg, SVG_COLOR_SIZE);
      const size = options.displaySize;
      const pixels = size && Number.isInteger(size) && size > 0 && size <= 1024 ? await svgToRgba(svg, size) : null;
      return { average: averageRgba(color.data, color.width, color.height), drawable: true, pixels };
    }
    return { ...NOTHING };
  } catch (error) {
    logger.warn(`Cannot decode a ${logo.type} logo`, { error: errorText(error) });
    return { ...NOTHING };
  }
}

/**
 * The card background for a logo's average colour: the average, or
 * {@linkcode DEFAULT_COLOR} when there is none or it is within
 * {@linkcode WHITE_DISTANCE} of white.
 */
export function backgroundColor(average: Rgb | null): Rgb {
  if (!average) return DEFAULT_COLOR;
  if (colorDistance(average, { r: 255, g: 255, b: 255 }) < WHITE_DISTANCE) {
    return DEFAULT_COLOR;
  }
  return average;
}
