/**
 * Turns a card (JSX) into PNG bytes: satori lays it out as SVG, resvg draws
 * the SVG (native or wasm, chosen once per thread: see `resvg.ts`), and
 * {@linkcode encodeRgbaPng} encodes the pixels. In the service this runs in
 * the render workers (`render_pool.ts`).
 *
 * The token, pool and position cards are drawn in layers
 * ({@linkcode renderLayeredPng}): the backdrop painted in memory
 * (`backdrop.ts`); the base (logo frames, tiles, product mark: the same on
 * every card of a kind and text colour), drawn once and kept as the few
 * parts that hold pixels (`sprites.ts`), in memory and on disk for the next
 * process (`layer_store.ts`); the decoded logos, cut round in memory;
 * and the face (text, letter tiles, chain badge), which satori lays out
 * whole while resvg draws only its regions. resvg's cost is mostly per
 * pixel of its canvas (an empty 1200x630 document took 3.8 ms, a 300x200
 * one 0.24 ms), so a card is a few small rasterizations instead of one
 * large one. The pixels are those of the whole card drawn at once, within
 * rounding (`render_test.ts` holds them to the golden tolerance).
 *
 * @module
 */

import type { ReactNode } from "react";
import type { SatoriOptions } from "satori";
import { type RasterImage, rasterizeSvg } from "./resvg.ts";
import { storedLayer } from "./layer_store.ts";
import { loadSatori } from "./satori_script.ts";
import { encodeRgbaPng } from "./png.ts";
import type { CardFont } from "../assets/fonts.ts";
import { type Backdrop, composite, compositeAt, paintBackdrop, roundLogo } from "./backdrop.ts";
import { CARD_HEIGHT, CARD_WIDTH, type Rect, type Stamp } from "../layout/geometry.ts";
import { drawnParts, type Sprite, trimTransparent } from "./sprites.ts";

export { CARD_HEIGHT, CARD_WIDTH, type Stamp } from "../layout/geometry.ts";

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

/** Lays the card out as an SVG document with satori (`satori_script.ts`). */
export async function renderCardSvg(
  card: ReactNode,
  options: RenderCardOptions,
): Promise<string> {
  const satori = await loadSatori();
  return await satori(card, {
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

/** Milliseconds spent in each stage of {@linkcode renderCardPng} or {@linkcode renderLayeredPng}. */
export interface RenderTimings {
  /** satori (the face only, for a layered card). */
  readonly satoriMs: number;
  /** resvg (the face's regions only, for a layered card). */
  readonly resvgMs: number;
  /** The backdrop, and laying the layers over it. */
  readonly backdropMs: number;
  readonly encodeMs: number;
  /** A layered card: getting its base (near 0 once cached; satori and resvg when drawn). */
  readonly baseMs?: number;
}

/**
 * A card in two layers (see `CardLayer` of `card_parts.tsx`): the base, the
 * same on every card with this `baseKey`, and the face, drawn for each card
 * but only inside `faceRegions`.
 */
export interface LayeredCard {
  /** Names the base: two cards with the same key must have the same base. */
  readonly baseKey: string;
  readonly base: ReactNode;
  readonly face: ReactNode;
  /** The same card in one layer (drawn at once: tests' references, benchmarks' peers). */
  readonly whole: ReactNode;
  /** Where the face may draw; the rest of it is never rasterized. */
  readonly faceRegions: readonly Rect[];
  /**
   * Round logos laid in memory between base and face (the face leaves their
   * place empty: `LogoCircle`): decoded pixels, straight RGBA, `size` square.
   */
  readonly logos?: readonly {
    readonly x: number;
    readonly y: number;
    readonly size: number;
    readonly pixels: Uint8Array;
  }[];
  /**
   * Pictures laid in memory over the face (the chain logo: the face leaves
   * its place empty, `ChainBadge`): an image URL drawn `size` px square as
   * the card's `<img>` draws it, rasterized once per picture and size.
   */
  readonly pictures?: readonly {
    readonly x: number;
    readonly y: number;
    readonly size: number;
    readonly src: string;
  }[];
  /**
   * Small parts drawn over the face that take few values across cards (the
   * position card's fee pill): each drawn alone, `width` x `height` at
   * `x`,`y`, once per `key` (two stamps with the same key must draw the same
   * pixels), and laid in memory; the face leaves their place empty.
   */
  readonly stamps?: readonly Stamp[];
}

/** Bases kept (one per card kind and text colour in practice; each holds only its drawn rows and columns). */
const MAX_BASES = 32;
const bases = new Map<string, Promise<Sprite[]>>();

/**
 * The base layer of `card`, once per key and process (a failure is drawn
 * again next time): from the layer store when it holds it, else drawn and
 * stored (see `layer_store.ts`).
 */
function baseLayer(card: LayeredCard, options: RenderCardOptions): Promise<Sprite[]> {
  let base = bases.get(card.baseKey);
  if (!base) {
    base = storedLayer(
      card.base,
      { width: options.width ?? CARD_WIDTH, height: options.height ?? CARD_HEIGHT, fonts: options.fonts },
      async () => drawnParts(await rasterizeSvg(await renderCardSvg(card.base, options))),
    );
    if (bases.size >= MAX_BASES) bases.delete(bases.keys().next().value!);
    bases.set(card.baseKey, base);
    base.catch(() => bases.delete(card.baseKey));
  }
  return base;
}

/** Forgets the bases this process drew or read (tests of the layer store). */
export function forgetBases(): void {
  bases.clear();
  backs.clear();
}

/** Pictures kept (a chain logo per chain and badge size). */
const MAX_PICTURES = 64;
const pictures = new Map<string, Promise<RasterImage>>();

/**
 * `src` drawn `size` px square as a card's `<img>` is (an SVG `<image>`,
 * stretched to the square), once per picture and size.
 */
function picture(src: string, size: number): Promise<RasterImage> {
  const key = `${size} ${src}`;
  let drawn = pictures.get(key);
  if (!drawn) {
    const escaped = src.replaceAll("&", "&amp;").replaceAll('"', "&quot;");
    drawn = rasterizeSvg(
      `<svg width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" xmlns="http://www.w3.org/2000/svg">` +
        `<image x="0" y="0" width="${size}" height="${size}" href="${escaped}" preserveAspectRatio="none"/></svg>`,
    );
    if (pictures.size >= MAX_PICTURES) pictures.delete(pictures.keys().next().value!);
    pictures.set(key, drawn);
    drawn.catch(() => pictures.delete(key));
  }
  return drawn;
}

/** Stamps kept (a position card's fee pill per label and text colour). */
const MAX_STAMPS = 64;
const stamps = new Map<string, Promise<Sprite>>();

/** `stamp` drawn alone and trimmed to what it draws, once per key (a failure is drawn again next time). */
function stampImage(stamp: Stamp, options: RenderCardOptions): Promise<Sprite> {
  const key = `${stamp.width}x${stamp.height} ${stamp.key}`;
  let drawn = stamps.get(key);
  if (!drawn) {
    drawn = renderCardSvg(stamp.node, { ...options, width: stamp.width, height: stamp.height })
      .then(rasterizeSvg)
      .then(trimTransparent);
    if (stamps.size >= MAX_STAMPS) stamps.delete(stamps.keys().next().value!);
    stamps.set(key, drawn);
    drawn.catch(() => stamps.delete(key));
  }
  return drawn;
}

/**
 * The SVG document `svg` (as satori writes it) cut to `rect`: the root's
 * size becomes the rectangle's and its viewBox starts at its corner, so
 * resvg draws only those pixels.
 */
export function cropSvg(svg: string, rect: Rect): string {
  const end = svg.indexOf(">");
  const open = svg.slice(0, end);
  if (!open.startsWith("<svg") || !/ width="[^"]*"/.test(open) || !/ viewBox="[^"]*"/.test(open)) {
    throw new Error(`Cannot crop an SVG document starting ${JSON.stringify(svg.slice(0, 80))}: expected satori's root`);
  }
  const cropped = open
    .replace(/ width="[^"]*"/, ` width="${rect.width}"`)
    .replace(/ height="[^"]*"/, ` height="${rect.height}"`)
    .replace(/ viewBox="[^"]*"/, ` viewBox="${rect.x} ${rect.y} ${rect.width} ${rect.height}"`);
  return cropped + svg.slice(end);
}

/**
 * Backdrops with their base laid, by base and colours: the cards drawn
 * again (the many letter-tile tokens and pools on the default colour)
 * start from a copy instead of painting. 3 MB each. A backdrop is kept the
 * second time its key is painted, not the first: most tokens have a colour
 * of their own, and copying each into a new 3 MB buffer cost more than the
 * paint it would save (a token card of a new colour: backdrop stage 2.8-3.2
 * ms with that copy, 1.7-2.5 without; 1.0-1.7 from a kept one; and 3 MB
 * less for the collector each). The oldest kept buffer is reused for the
 * next one kept.
 */
const MAX_BACKS = 4;
const backs = new Map<string, Uint8Array>();
/** Keys of backdrops painted once (the newest {@linkcode SEEN_BACKS}), oldest first. */
const seenBacks = new Set<string>();
const SEEN_BACKS = 64;
const backStats = { painted: 0, kept: 0, reused: 0 };

/** Counters of the kept backdrops of this thread: painted, kept (copied), drawn from a kept one (tests). */
export function backdropStats(): Readonly<typeof backStats> {
  return { ...backStats };
}

/** Keeps the backdrop `pixels` of `key` once it is painted a second time (see {@linkcode backs}). */
function keepBackdrop(key: string, pixels: Uint8Array): void {
  if (!seenBacks.delete(key)) {
    seenBacks.add(key);
    if (seenBacks.size > SEEN_BACKS) seenBacks.delete(seenBacks.values().next().value!);
    return;
  }
  let buffer: Uint8Array | undefined;
  if (backs.size >= MAX_BACKS) {
    const oldest = backs.keys().next().value!;
    buffer = backs.get(oldest);
    backs.delete(oldest);
  }
  if (buffer?.length === pixels.length) buffer.set(pixels);
  else buffer = pixels.slice();
  backs.set(key, buffer);
  backStats.kept++;
}

/** The pixels a layered card is laid in, reused card after card (see {@linkcode renderLayeredPng}). */
let canvas: Uint8Array | null = null;

/**
 * The boxes of the layers resvg makes for satori's SVG `svg`: each group or
 * image that uses a mask or clip path (overflow, rounded images), boxed by
 * that mask's or clip's rectangle; `null` when some layer has no such box
 * (another mask, a filter, group opacity: nothing satori writes for our
 * cards today).
 */
export function layerBoxes(svg: string): Rect[] | null {
  if (/ (?:opacity|filter)="/.test(svg)) return null;
  const boxes: Rect[] = [];
  for (const [, id] of svg.matchAll(/(?:mask|clip-path)="url\(#([^)"]+)\)"/g)) {
    const escaped = id.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    const def = new RegExp(
      `<(?:mask|clipPath) id="${escaped}"[^>]*><rect x="([-\\d.]+)" y="([-\\d.]+)" width="([\\d.]+)" height="([\\d.]+)"`,
    ).exec(svg);
    if (!def) return null;
    boxes.push({ x: Number(def[1]), y: Number(def[2]), width: Number(def[3]), height: Number(def[4]) });
  }
  return boxes;
}

/**
 * Whether resvg can draw each of `crops` of `svg`: resvg 2.6.2 clips every
 * layer to a box from twice the canvas's size before its corner to twice
 * its size after it, and panics when a layer falls wholly outside (measured
 * on a 50 px canvas: a layer from 110 px panics, from 100 px not; one
 * ending 110 px before the corner panics, 90 px not). So every layer's box
 * must lie within that box of each crop, less 2 px.
 */
export function cropsWithin(svg: string, crops: readonly Rect[]): boolean {
  const boxes = layerBoxes(svg);
  if (!boxes) return false;
  return crops.every((c) =>
    boxes.every((b) =>
      b.x >= c.x - 2 * c.width + 2 && b.x + b.width <= c.x + 2 * c.width - 2 &&
      b.y >= c.y - 2 * c.height + 2 && b.y + b.height <= c.y + 2 * c.height - 2
    )
  );
}

/**
 * `crops`, each grown (to the right and down, inside the card) until
 * {@linkcode cropsWithin} holds; `null` when that cannot be done without
 * leaving the card or making two crops overlap.
 */
export function cropsSeeingLayers(
  svg: string,
  crops: readonly Rect[],
  width: number,
  height: number,
): Rect[] | null {
  const boxes = layerBoxes(svg);
  if (!boxes) return null;
  if (boxes.length === 0) return [...crops];
  const left = Math.min(...boxes.map((b) => b.x));
  const top = Math.min(...boxes.map((b) => b.y));
  const right = Math.max(...boxes.map((b) => b.x + b.width));
  const bottom = Math.max(...boxes.map((b) => b.y + b.height));
  const grown = crops.map((c) => ({
    x: c.x,
    y: c.y,
    width: Math.max(c.width, Math.ceil((right - c.x + 2) / 2), Math.ceil((c.x - left + 2) / 2)),
    height: Math.max(c.height, Math.ceil((bottom - c.y + 2) / 2), Math.ceil((c.y - top + 2) / 2)),
  }));
  if (grown.some((c) => c.x + c.width > width || c.y + c.height > height)) return null;
  const overlapping = grown.some((a, i) =>
    grown.slice(i + 1).some((b) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    )
  );
  return overlapping || !cropsWithin(svg, grown) ? null : grown;
}

/**
 * Most pixels resvg draws in one go, fast: above 512 KiB of pixels its
 * canvas takes a slower allocation (measured, native resvg: an empty
 * 596x210 canvas 0.54 ms, 596x220 1.02 ms, 512x256 0.53 ms).
 */
export const MAX_CROP_PIXELS = 131_072;

/** `rect` cut into as few bands of whole rows as keep each within `maxPixels` (as even as rows allow). */
export function bands(rect: Rect, maxPixels: number = MAX_CROP_PIXELS): Rect[] {
  const count = Math.ceil((rect.width * rect.height) / maxPixels);
  if (count <= 1) return [rect];
  const rows = Math.max(1, Math.min(Math.floor(maxPixels / rect.width), Math.ceil(rect.height / count)));
  const out: Rect[] = [];
  for (let y = rect.y; y < rect.y + rect.height; y += rows) {
    out.push({ x: rect.x, y, width: rect.width, height: Math.min(rows, rect.y + rect.height - y) });
  }
  return out;
}

/** `rect` in whole pixels, inside a `width` x `height` card (empty when it lies outside). */
function clampRect(rect: Rect, width: number, height: number): Rect {
  const x = Math.max(0, Math.floor(rect.x));
  const y = Math.max(0, Math.floor(rect.y));
  const right = Math.min(width, Math.ceil(rect.x + rect.width));
  const bottom = Math.min(height, Math.ceil(rect.y + rect.height));
  return { x, y, width: Math.max(0, right - x), height: Math.max(0, bottom - y) };
}

/**
 * Renders a layered card to PNG bytes: the backdrop painted in memory, the
 * cached base laid over it, then the face, which satori lays out whole and
 * resvg draws only inside its regions. The pixels are those of the whole
 * card drawn at once, within rounding: layers are laid in paint order.
 */
export async function renderLayeredPng(
  card: LayeredCard,
  options: RenderCardOptions & {
    readonly backdrop: Backdrop;
    readonly onTimings?: (timings: RenderTimings) => void;
  },
): Promise<Uint8Array> {
  const width = options.width ?? CARD_WIDTH;
  const height = options.height ?? CARD_HEIGHT;
  const t0 = performance.now();
  const base = await baseLayer(card, { ...options, loadAdditionalAsset: undefined });
  const t1 = performance.now();
  const svg = await renderCardSvg(card.face, options);
  const t2 = performance.now();
  const faces: Sprite[] = [];
  const rects = card.faceRegions.map((region) => clampRect(region, width, height));
  for (const [i, a] of rects.entries()) {
    // a pixel in two regions would be laid twice
    const overlap = rects.slice(i + 1).find((b) =>
      a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height
    );
    if (overlap) {
      throw new Error(`Cannot draw face regions ${JSON.stringify(a)} and ${JSON.stringify(overlap)}: they overlap`);
    }
  }
  // resvg 2.6.2 panics (and a panic aborts the process) on a layer wholly
  // outside its bounds: a region that cannot see every layer of the face is
  // grown until it does, or the face is drawn as the whole card (see cropsWithin).
  const seeing = cropsSeeingLayers(svg, rects, width, height) ?? [{ x: 0, y: 0, width, height }];
  // large crops in bands (see MAX_CROP_PIXELS), where each band still sees every layer
  const banded = seeing.flatMap((rect) => bands(rect));
  const crops = banded.length === seeing.length || cropsWithin(svg, banded) ? banded : seeing;
  for (const rect of crops) {
    if (rect.width === 0 || rect.height === 0) continue;
    faces.push({ ...await rasterizeSvg(cropSvg(svg, rect)), x: rect.x, y: rect.y });
  }
  const drawnPictures = await Promise.all((card.pictures ?? []).map((p) => picture(p.src, p.size)));
  const drawnStamps = await Promise.all(
    (card.stamps ?? []).map((s) => stampImage(s, { ...options, loadAdditionalAsset: undefined })),
  );
  const t3 = performance.now();
  // From here to the PNG all is synchronous: one canvas serves every card of this thread.
  if (canvas?.length !== width * height * 4) canvas = new Uint8Array(width * height * 4);
  const pixels = canvas;
  const { from, to, watermark } = options.backdrop;
  const backKey =
    `${card.baseKey} ${from.r},${from.g},${from.b} ${to.r},${to.g},${to.b} ${watermark?.opacity} ${width}`;
  const back = backs.get(backKey);
  if (back) {
    pixels.set(back);
    backs.delete(backKey); // most recent last
    backs.set(backKey, back);
    backStats.reused++;
  } else {
    paintBackdrop(options.backdrop, width, height, pixels);
    for (const part of base) compositeAt(pixels, width, height, part);
    backStats.painted++;
    keepBackdrop(backKey, pixels);
  }
  for (const logo of card.logos ?? []) {
    compositeAt(pixels, width, height, roundLogo(logo.pixels, logo.size, logo.x, logo.y));
  }
  for (const face of faces) compositeAt(pixels, width, height, face);
  for (const [i, stamp] of drawnStamps.entries()) {
    const { x, y } = card.stamps![i];
    compositeAt(pixels, width, height, { ...stamp, x: x + stamp.x, y: y + stamp.y });
  }
  for (const [i, picture] of drawnPictures.entries()) {
    const { x, y } = card.pictures![i];
    compositeAt(pixels, width, height, { ...picture, x, y });
  }
  const t4 = performance.now();
  const png = encodeRgbaPng(pixels, width, height);
  options.onTimings?.({
    baseMs: t1 - t0,
    satoriMs: t2 - t1,
    resvgMs: t3 - t2,
    backdropMs: t4 - t3,
    encodeMs: performance.now() - t4,
  });
  return png;
}
