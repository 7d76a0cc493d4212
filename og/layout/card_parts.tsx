/**
 * Pieces shared by the cards: the frame of the token and pool cards, the
 * round logo (or its three-letter tile), the chain badge, the product mark,
 * colours for text.
 *
 * @module
 */

import type { CSSProperties, ReactNode } from "react";
import { cssRgb, type Rgb } from "./color.ts";
import { DEFAULT_FONT_FAMILY } from "../assets/fonts.ts";
import { CARD_HEIGHT, CARD_WIDTH, type Rect } from "./geometry.ts";

/** A token logo as the cards draw it. */
export interface CardLogo {
  /** Data URL of a drawable logo, or `null` to draw the letter tile. */
  readonly src: string | null;
  /**
   * The same logo decoded at the size the card draws it (straight RGBA,
   * square), when it was: a layered card lays these pixels in memory
   * instead of handing the picture to satori and resvg (see `render.ts`).
   */
  readonly pixels?: Uint8Array | null;
  /** Token symbol; its first three letters fill the tile. */
  readonly symbol: string | null;
}

/**
 * Text of the tile drawn instead of a logo: the first three letters of the
 * symbol upper-cased, or `UNK` without a symbol.
 */
export function tileText(symbol: string | null | undefined): string {
  const trimmed = (symbol ?? "").trim();
  if (!trimmed) return "UNK";
  return Array.from(trimmed).slice(0, 3).join("").toUpperCase();
}

/** Relative luminance (WCAG) of a colour, 0 (black) to 1 (white). */
export function luminance({ r, g, b }: Rgb): number {
  const lin = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/**
 * Whether a background is light (relative luminance above 0.45): dark text
 * ({@linkcode INK}) and a fainter watermark on it, white text otherwise.
 */
export function isLight(background: Rgb): boolean {
  return luminance(background) > 0.45;
}

/** Dark text colour for light backgrounds. */
export const INK = "#0d111c";

/** White on dark and mid backgrounds, {@linkcode INK} on light ones. */
export function textColorOn(background: Rgb): string {
  return isLight(background) ? INK : "#ffffff";
}

/**
 * Advance widths of Inter 700 for printable ASCII (U+0020 to U+007E), in
 * ems rounded up (read from `static/fonts/inter-latin-700-normal.woff`).
 */
const INTER_ASCII_EM = [
  0.24,
  0.34,
  0.56,
  0.65,
  0.66,
  1.02,
  0.68,
  0.34,
  0.38,
  0.38,
  0.56,
  0.68,
  0.34,
  0.47,
  0.34,
  0.39,
  0.68,
  0.44,
  0.63,
  0.65,
  0.68,
  0.63,
  0.65,
  0.59,
  0.66,
  0.65,
  0.34,
  0.35,
  0.68,
  0.68,
  0.68,
  0.56,
  1.02,
  0.75,
  0.67,
  0.74,
  0.73,
  0.61,
  0.59,
  0.76,
  0.75,
  0.29,
  0.59,
  0.72,
  0.57,
  0.94,
  0.77,
  0.78,
  0.65,
  0.78,
  0.66,
  0.66,
  0.67,
  0.74,
  0.75,
  1.04,
  0.74,
  0.74,
  0.67,
  0.38,
  0.39,
  0.38,
  0.49,
  0.48,
  0.37,
  0.59,
  0.64,
  0.59,
  0.64,
  0.6,
  0.4,
  0.64,
  0.63,
  0.28,
  0.28,
  0.59,
  0.28,
  0.92,
  0.63,
  0.62,
  0.64,
  0.64,
  0.41,
  0.57,
  0.37,
  0.63,
  0.6,
  0.86,
  0.59,
  0.61,
  0.58,
  0.47,
  0.38,
  0.47,
  0.68,
];

/** Room added to each ASCII advance for kerning that widens a pair, in ems. */
const ASCII_SLACK_EM = 0.02;

/**
 * An upper bound of the width of `text` in ems, per code point: Inter's own
 * advance (plus {@linkcode ASCII_SLACK_EM}) for printable ASCII, 1.15 for
 * the rest of Latin, Greek and Cyrillic (Inter's widest, Ж, is 1.07), 1.05
 * for CJK, kana and Hangul, 1.2 for emoji pictures, and 2 for every other
 * script (some Indic and South-East Asian glyphs are wider than an em), 4
 * for the few known extra-wide glyphs.
 */
export function maxTextWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp >= 0x20 && cp < 0x7f) width += INTER_ASCII_EM[cp - 0x20] + ASCII_SLACK_EM;
    else if (cp === 0xfdfd || cp === 0x2e3a || cp === 0x2e3b) width += 4;
    else if (cp < 0x0590 || (cp >= 0x1e00 && cp < 0x2000) || (cp >= 0x2000 && cp < 0x2070)) width += 1.15;
    else if (
      (cp >= 0x3000 && cp < 0xa000) || (cp >= 0xac00 && cp < 0xd7b0) ||
      (cp >= 0xf900 && cp < 0xfb00) || (cp >= 0xff00 && cp < 0xffef)
    ) width += 1.05;
    else if ((cp >= 0x1f000 && cp < 0x1fb00) || (cp >= 0xfe00 && cp < 0xfe10) || cp === 0x200d) width += 1.2;
    else width += 2;
  }
  return width;
}

/**
 * Style for one line of `text` at `fontSize`, cut with an ellipsis at
 * `maxWidth`. The clip costs resvg a mask layer (~5 ms per text box), so
 * text that cannot reach `maxWidth` gets none.
 */
export function oneLine(text: string, fontSize: number, maxWidth: number): CSSProperties {
  const base: CSSProperties = { display: "block", maxWidth, whiteSpace: "nowrap", fontSize };
  if (maxTextWidthEm(text) * fontSize <= maxWidth) return base;
  return { ...base, overflow: "hidden", textOverflow: "ellipsis" };
}

/**
 * Root style of a card: full size, Inter 700, transparent (the backdrop is
 * painted under it, see `backdrop.ts`).
 */
export function cardRoot(): CSSProperties {
  return {
    display: "flex",
    position: "relative",
    boxSizing: "border-box",
    width: "100%",
    height: "100%",
    fontFamily: DEFAULT_FONT_FAMILY,
    fontWeight: 700,
  };
}

/**
 * Style of a round box of `size` px on `background` that centres what it
 * holds (logos, badges, the product mark); callers override `borderRadius`
 * for a rounded square.
 */
export function disc(size: number, background: string): CSSProperties {
  return {
    display: "flex",
    alignItems: "center",
    justifyContent: "center",
    width: size,
    height: size,
    borderRadius: size / 2,
    background,
  };
}

/**
 * Which part of a card to draw: `all` of it, only its `base` (what every
 * card of a kind and text colour shares: logo frames, tiles, the product
 * mark; rasterized once and cached, see `render.ts`), or only its `face`
 * (what changes from card to card: text, logos, the chain badge). Base and
 * face lay out exactly as `all` does, and the face paints over the base.
 */
export type CardLayer = "all" | "base" | "face";

/** Whether `layer` draws the shared parts. */
export function drawsBase(layer: CardLayer | undefined): boolean {
  return layer !== "face";
}

/** Whether `layer` draws the per-card parts. */
export function drawsFace(layer: CardLayer | undefined): boolean {
  return layer !== "base";
}

export type { Rect } from "./geometry.ts";

/** Padding around the token and pool cards' content, in px. */
export const CARD_PAD = 72;
/** Width the token and pool cards' text may take before it is cut with an ellipsis. */
export const CARD_TEXT_WIDTH = 1200 - CARD_PAD * 2;

/**
 * Room left around a text region for ink that reaches past the line boxes
 * and advances (overhanging glyphs, tall fallback scripts, emoji), in px.
 */
export const REGION_MARGIN = { x: 16, y: 48 } as const;

/**
 * The region of a card's bottom text block from `top` down to the card's
 * bottom padding (both with {@linkcode REGION_MARGIN}), `width` px of text wide at most (an upper bound: see
 * {@linkcode maxTextWidthEm}), starting below `above` (the logos' region:
 * face regions must not overlap).
 */
export function textRegion(top: number, width: number, above: Rect): Rect {
  const x = CARD_PAD - REGION_MARGIN.x;
  const right = Math.min(CARD_WIDTH, Math.ceil(CARD_PAD + Math.min(width, CARD_TEXT_WIDTH) + REGION_MARGIN.x));
  const y = Math.max(above.y + above.height, top - REGION_MARGIN.y);
  const bottom = Math.min(CARD_HEIGHT, CARD_HEIGHT - CARD_PAD + REGION_MARGIN.y);
  return { x, y, width: right - x, height: bottom - y };
}

/**
 * The frame of the token and pool cards in text colour `color`: `logos` at
 * the top left, the product mark at the top right, `children` (the name
 * lines) stacked at the bottom. The product mark is base, the text face
 * (`layer`, see {@linkcode CardLayer}).
 */
export function CardFrame(
  { color, logos, productLogo, children, layer, layeredChildren }: {
    color: string;
    logos: ReactNode;
    productLogo: string;
    children: ReactNode;
    layer?: CardLayer;
    /** The children draw their own parts of each layer (else they are face only). */
    layeredChildren?: boolean;
  },
) {
  return (
    <div
      style={{
        ...cardRoot(),
        flexDirection: "column",
        justifyContent: "space-between",
        padding: CARD_PAD,
        color,
      }}
    >
      <div
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-start",
          position: "relative",
          width: CARD_TEXT_WIDTH,
        }}
      >
        {logos}
        {drawsBase(layer) ? <ProductMark src={productLogo} color={color} /> : null}
      </div>
      {drawsFace(layer) || layeredChildren
        ? (
          <div style={{ display: "flex", flexDirection: "column", position: "relative" }}>
            {children}
          </div>
        )
        : null}
    </div>
  );
}

/** An empty box of `width` x `height` px (holds a place in the layer that does not draw its content). */
export function Blank({ width, height }: { width: number; height: number }) {
  return <div style={{ display: "flex", width, height }} />;
}

/**
 * A round token logo of `size` px, or the three-letter tile. A logo with
 * `pixels` is only a place in the face layer: it is laid in memory.
 */
export function LogoCircle(
  { logo, size, tint, layer }: { logo: CardLogo; size: number; tint: Rgb; layer?: CardLayer },
) {
  if (logo.pixels && layer === "face") return <Blank width={size} height={size} />;
  if (logo.src) {
    return (
      <img
        src={logo.src}
        width={size}
        height={size}
        style={{ width: size, height: size, borderRadius: size / 2 }}
      />
    );
  }
  const text = tileText(logo.symbol);
  const ink = luminance(tint) < 0.3 ? cssRgb(tint) : INK;
  return (
    <div
      style={{
        ...disc(size, "#ffffff"),
        color: ink,
        fontSize: Math.round(size * 0.3),
        letterSpacing: -1,
      }}
    >
      {text}
    </div>
  );
}

/** The smallest rectangle holding all of `rects` (none: `null`). */
export function boundingRect(rects: readonly Rect[]): Rect | null {
  if (rects.length === 0) return null;
  const x = Math.min(...rects.map((r) => r.x));
  const y = Math.min(...rects.map((r) => r.y));
  const right = Math.max(...rects.map((r) => r.x + r.width));
  const bottom = Math.max(...rects.map((r) => r.y + r.height));
  return { x, y, width: right - x, height: bottom - y };
}

/** The square of `size` px at `at`, grown by 1 px on every side (anti-aliased edges). */
export function squareAround(at: { readonly x: number; readonly y: number }, size: number): Rect {
  return { x: at.x - 1, y: at.y - 1, width: size + 2, height: size + 2 };
}

/** Where a badge's placement puts it: `size` px, `right` and `bottom` px from its parent's corner. */
export interface BadgePlace {
  readonly size: number;
  readonly right: number;
  readonly bottom: number;
}

function badgeBorder(size: number): number {
  return Math.max(4, Math.round(size * 0.09));
}

/**
 * The box a {@linkcode ChainBadge} at `place` covers, for a parent whose
 * bottom-right corner is at (`parentRight`, `parentBottom`).
 */
export function badgeBox(parentRight: number, parentBottom: number, place: BadgePlace): Rect {
  return squareAround(
    { x: parentRight - place.right - place.size, y: parentBottom - place.bottom - place.size },
    place.size,
  );
}

/**
 * Where a {@linkcode ChainBadge} at `place` draws its chain logo, for a
 * parent whose bottom-right corner is at (`parentRight`, `parentBottom`) on
 * the card: the logo's top-left corner and side, in px.
 */
export function badgeLogoAt(
  parentRight: number,
  parentBottom: number,
  place: BadgePlace,
): { readonly x: number; readonly y: number; readonly size: number } {
  const border = badgeBorder(place.size);
  const left = parentRight - place.right - place.size;
  const top = parentBottom - place.bottom - place.size;
  return { x: left + border + 4, y: top + border + 4, size: place.size - border * 2 - 8 };
}

/**
 * The chain logo in a white round badge with a ring of `ring` colour, placed
 * `right` and `bottom` px from its parent's bottom-right corner (negative:
 * past it); nothing for a chain without a logo. In a card's face the logo
 * itself is only a place: it is laid in memory (see `render.ts`).
 */
export function ChainBadge(
  { src, place, ring, layer }: {
    src: string | null;
    place: BadgePlace;
    ring: string;
    layer?: CardLayer;
  },
) {
  if (!src) return null;
  const { size, right, bottom } = place;
  const inner = size - badgeBorder(size) * 2;
  return (
    <div style={{ display: "flex", position: "absolute", right, bottom }}>
      <div style={disc(size, ring)}>
        <div style={disc(inner, "#ffffff")}>
          {layer === "face"
            ? <Blank width={inner - 8} height={inner - 8} />
            : <img src={src} width={inner - 8} height={inner - 8} />}
        </div>
      </div>
    </div>
  );
}

/**
 * One line of card text at `fontSize` with its `lineHeight`, cut with an
 * ellipsis at the cards' text width (see {@linkcode oneLine}); `style` adds
 * to it.
 */
export function CardLine(
  { text, fontSize, lineHeight, style }: {
    text: string;
    fontSize: number;
    lineHeight: number;
    style?: CSSProperties;
  },
) {
  return (
    <div style={{ ...oneLine(text, fontSize, CARD_TEXT_WIDTH), lineHeight: `${lineHeight}px`, ...style }}>
      {text}
    </div>
  );
}

/** Sizes of a product mark, in px. */
export interface MarkSize {
  /** The white disc. */
  readonly disc: number;
  /** The logo in it. */
  readonly logo: number;
  /** Space between the disc and the word. */
  readonly gap: number;
  /** Font size of the word. */
  readonly fontSize: number;
}

/** The product mark in the corner of the token and pool cards. */
export const CORNER_MARK: MarkSize = { disc: 64, logo: 52, gap: 16, fontSize: 36 };

/**
 * The product mark (logo in a white disc and the word Uniswap) in text
 * colour `color`, {@linkcode CORNER_MARK} size unless `size` says otherwise.
 */
export function ProductMark(
  { src, color, size = CORNER_MARK }: { src: string; color: string; size?: MarkSize },
) {
  return (
    <div style={{ display: "flex", alignItems: "center" }}>
      <div style={disc(size.disc, "#ffffff")}>
        <img src={src} width={size.logo} height={size.logo} />
      </div>
      <div style={{ display: "flex", marginLeft: size.gap, fontSize: size.fontSize, color }}>
        Uniswap
      </div>
    </div>
  );
}
