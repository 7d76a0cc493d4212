/**
 * Colours as the cards use them (below the layouts, the backdrop and the logo
 * decoders, which all speak of them).
 *
 * @module
 */

/** An sRGB colour, 0-255 per channel. */
export interface Rgb {
  readonly r: number;
  readonly g: number;
  readonly b: number;
}

/** Colour used when a logo gives none: `rgb(35,43,43)`. */
export const DEFAULT_COLOR: Rgb = { r: 35, g: 43, b: 43 };

/** CSS text of a colour: `rgb(35,43,43)`. */
export function cssRgb({ r, g, b }: Rgb): string {
  return `rgb(${r},${g},${b})`;
}
