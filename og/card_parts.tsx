/**
 * Pieces shared by the cards: the frame of the token and pool cards, the
 * round logo (or its three-letter tile), the chain badge, the product mark,
 * colours for text.
 *
 * @module
 */

import type { CSSProperties, ReactNode } from "react";
import { cssRgb, type Rgb } from "./average_color.ts";
import { DEFAULT_FONT_FAMILY } from "./fonts.ts";

/** A token logo as the cards draw it. */
export interface CardLogo {
  /** Data URL of a drawable logo, or `null` to draw the letter tile. */
  readonly src: string | null;
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
 * An upper bound of the width of `text` in ems, per code point: 1.15 for
 * Latin, Greek and Cyrillic (Inter's widest, Ж, is 1.07), 1.05 for CJK, kana
 * and Hangul, 1.2 for emoji pictures, and 2 for every other script (some
 * Indic and South-East Asian glyphs are wider than an em), 4 for the few
 * known extra-wide glyphs.
 */
export function maxTextWidthEm(text: string): number {
  let width = 0;
  for (const ch of text) {
    const cp = ch.codePointAt(0)!;
    if (cp === 0xfdfd || cp === 0x2e3a || cp === 0x2e3b) width += 4;
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

/** Padding around the token and pool cards' content, in px. */
export const CARD_PAD = 72;
/** Width the token and pool cards' text may take before it is cut with an ellipsis. */
export const CARD_TEXT_WIDTH = 1200 - CARD_PAD * 2;

/**
 * The frame of the token and pool cards in text colour `color`: `logos` at
 * the top left, the product mark at the top right, `children` (the name
 * lines) stacked at the bottom.
 */
export function CardFrame(
  { color, logos, productLogo, children }: {
    color: string;
    logos: ReactNode;
    productLogo: string;
    children: ReactNode;
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
        <ProductMark src={productLogo} color={color} />
      </div>
      <div style={{ display: "flex", flexDirection: "column", position: "relative" }}>
        {children}
      </div>
    </div>
  );
}

/** A round token logo of `size` px, or the three-letter tile. */
export function LogoCircle(
  { logo, size, tint }: { logo: CardLogo; size: number; tint: Rgb },
) {
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

/**
 * The chain logo in a white round badge with a ring of `ring` colour, placed
 * `right` and `bottom` px from its parent's bottom-right corner (negative:
 * past it); nothing for a chain without a logo.
 */
export function ChainBadge(
  { src, size, ring, right, bottom }: {
    src: string | null;
    size: number;
    ring: string;
    right: number;
    bottom: number;
  },
) {
  if (!src) return null;
  const border = Math.max(4, Math.round(size * 0.09));
  const inner = size - border * 2;
  return (
    <div style={{ display: "flex", position: "absolute", right, bottom }}>
      <div style={disc(size, ring)}>
        <div style={disc(inner, "#ffffff")}>
          <img src={src} width={inner - 8} height={inner - 8} />
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
