/**
 * The card's geometry, below the layouts and the rasteriser alike: its size,
 * the rectangles regions are made of, and stamps (parts drawn once per key).
 *
 * @module
 */
import type { ReactNode } from "react";

/** Width of every card, in px. */
export const CARD_WIDTH = 1200;
/** Height of every card, in px. */
export const CARD_HEIGHT = 630;

/** A rectangle of the card, in px. */
export interface Rect {
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** A part of a card drawn once per key and laid in memory (see `LayeredCard`'s `stamps` in `raster/render.ts`). */
export interface Stamp extends Rect {
  readonly key: string;
  /** What to draw, laid out in a `width` x `height` document (at integer `x`,`y`, so glyphs land alike). */
  readonly node: ReactNode;
}
