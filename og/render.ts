/**
 * Turns a card (JSX) into PNG bytes: satori lays it out as SVG, resvg draws
 * the SVG (native or wasm, chosen once per thread: see `resvg.ts`), and
 * {@linkcode encodeRgbaPng} encodes the pixels. In the service this runs in
 * the render Workers (`render_pool.ts`).
 *
 * @module
 */

import type { ReactNode } from "react";
import satori, { type SatoriOptions } from "satori";
import { rasterizeSvg } from "./resvg.ts";
import { encodeRgbaPng } from "./png.ts";
import type { CardFont } from "./fonts.ts";
import { type Backdrop, composite, paintBackdrop } from "./backdrop.ts";

/** Size of every share image. */
export const CARD_WIDTH = 1200;
/** Size of every share image. */
export const CARD_HEIGHT = 630;

/** How satori gets what the card needs beyond the default fonts. */
export type AdditionalAssetLoader = (
  code: string,
  segment: string,
) => Promise<string | CardFont[]>;

/** Options of {@linkcode renderCardSvg} and {@linkcode renderCardPng}. */
export interface RenderCardOptions {
  readonly fonts: readonly CardFont[];
  /** Fallback fonts and emoji pictures; none when omitted. */
  readonly loadAdditionalAsset?: AdditionalAssetLoader;
  readonly width?: number;
  readonly height?: number;
}

/** Lays the card out as an SVG document with satori. */
export function renderCardSvg(
  card: ReactNode,
  options: RenderCardOptions,
): Promise<string> {
  return satori(card, {
    width: options.width ?? CARD_WIDTH,
    height: options.height ?? CARD_HEIGHT,
    fonts: options.fonts as CardFont[],
    loadAdditionalAsset: options.loadAdditionalAsset as SatoriOptions[
      "loadAdditionalAsset"
    ],
  });
}

/**
 * Renders a card to PNG bytes (1200x630 unless told otherwise). With a
 * `backdrop`, the card is drawn on a transparent background and laid over
 * the backdrop painted in memory (see `backdrop.ts`).
 */
export async function renderCardPng(
  card: ReactNode,
  options: RenderCardOptions & {
    readonly backdrop?: Backdrop;
    /** Receives how long each stage took (for benchmarks). */
    readonly onTimings?: (timings: RenderTimings) => void;
  },
): Promise<Uint8Array> {
  const t0 = performance.now();
  const svg = await renderCardSvg(card, options);
  const t1 = performance.now();
  const image = await rasterizeSvg(svg);
  const t2 = performance.now();
  let pixels = image.pixels;
  if (options.backdrop) {
    pixels = paintBackdrop(options.backdrop, image.width, image.height);
    composite(pixels, image.pixels);
  }
  const t3 = performance.now();
  const png = encodeRgbaPng(pixels, image.width, image.height);
  options.onTimings?.({
    satoriMs: t1 - t0,
    resvgMs: t2 - t1,
    backdropMs: t3 - t2,
    encodeMs: performance.now() - t3,
  });
  return png;
}

/** Milliseconds spent in each stage of {@linkcode renderCardPng}. */
export interface RenderTimings {
  readonly satoriMs: number;
  readonly resvgMs: number;
  readonly backdropMs: number;
  readonly encodeMs: number;
}
