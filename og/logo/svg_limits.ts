/**
 * The caps of an SVG logo and the error every stage of the SVG guard throws
 * (`svg_guard.ts` explains each cap and re-exports both).
 *
 * @module
 */

import { BITMAP_LIMITS } from "./image_caps.ts";

/** Limits of an SVG logo. */
export const SVG_LIMITS = {
  /** Largest document in bytes. */
  maxBytes: 512 * 1024,
  /** Elements in the document. */
  maxElements: 4000,
  /** Element nesting, and chains of references. */
  maxDepth: 64,
  /** Elements drawn once every reference is expanded. */
  maxRenderedElements: 6000,
  /** Filter primitives applied once every reference is expanded. */
  maxFilterPrimitives: 24,
  /** Of those, blurs (`feGaussianBlur`, `feDropShadow`, CSS `blur()` and `drop-shadow()`). */
  maxBlurs: 6,
  /**
   * Layers drawn (elements with opacity, a mask, a clip path, a filter or a
   * blend mode: resvg draws each into its own pixmap and composites it).
   */
  maxLayers: 256,
  /** Largest filter region or pattern tile, as a multiple of the raster's side. */
  maxRegionRatio: 3,
  /** Embedded images drawn once every reference is expanded. */
  maxImages: 8,
  /** Pixels of the embedded images drawn, summed. */
  maxImagePixels: BITMAP_LIMITS.maxPixels,
  /** Characters of `<style>` sheets, summed. */
  maxStyleBytes: 32 * 1024,
  /** Longest side of the size handed to the renderer, in pixels. */
  maxSide: 512,
  /** Longest side over shortest side of the declared size. */
  maxAspect: 32,
} as const;

/** Why an SVG logo was refused; the message says which cap. */
export class SvgRefusedError extends Error {
  override name = "SvgRefusedError";
}

/** Throws {@linkcode SvgRefusedError} saying the logo cannot be used because of `message`. */
export function refuse(message: string): never {
  throw new SvgRefusedError(`Cannot use SVG logo: ${message}`);
}

/** `n` to at most 8 significant digits, as written into a guarded document and into messages. */
export function formatNumber(n: number): string {
  return String(Number(n.toPrecision(8)));
}
