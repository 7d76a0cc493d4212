/**
 * The token share image: 1200x630, background the average colour of the
 * token's logo, the round logo with the chain badge, the token name, the
 * symbol large, and the product logo.
 *
 * @module
 */

import { cssRgb, type Rgb } from "./color.ts";
import {
  badgeBox,
  badgeLogoAt,
  type BadgePlace,
  Blank,
  boundingRect,
  CARD_PAD,
  CardFrame,
  type CardLayer,
  CardLine,
  type CardLogo,
  ChainBadge,
  drawsBase,
  drawsFace,
  INK,
  LogoCircle,
  maxTextWidthEm,
  type Rect,
  squareAround,
  textColorOn,
  textRegion,
} from "./card_parts.tsx";
import { CARD_HEIGHT } from "./geometry.ts";

/** What the token card shows. */
export interface TokenCardProps {
  readonly name: string;
  readonly symbol: string;
  readonly logo: CardLogo;
  readonly background: Rgb;
  /** Data URL of the chain logo, or `null` for chains without one. */
  readonly chainLogo: string | null;
  /** Data URL of the product logo. */
  readonly productLogo: string;
  /** Which part to draw (all of it unless told). */
  readonly layer?: CardLayer;
}

/** Size the token logo is drawn at, in px. */
export const TOKEN_LOGO_SIZE = 160;

const FRAME = 176;
/** The chain badge on the logo frame's corner. */
const BADGE: BadgePlace = { size: 64, right: -10, bottom: -6 };
const NAME_LINE = { fontSize: 56, lineHeight: 68 } as const;
const SYMBOL_LINE = { fontSize: 144, lineHeight: 160 } as const;

/** The token card. */
export function TokenCard(props: TokenCardProps) {
  const background = cssRgb(props.background);
  const text = textColorOn(props.background);
  const light = text === INK;
  const logos = (
    <div style={{ display: "flex", position: "relative", width: FRAME, height: FRAME }}>
      <div
        style={{
          display: "flex",
          padding: 8,
          borderRadius: FRAME / 2,
          background: drawsBase(props.layer) ? (light ? "rgba(13,17,28,0.12)" : "rgba(255,255,255,0.3)") : undefined,
        }}
      >
        {drawsFace(props.layer)
          ? <LogoCircle logo={props.logo} size={TOKEN_LOGO_SIZE} tint={props.background} layer={props.layer} />
          : <Blank width={TOKEN_LOGO_SIZE} height={TOKEN_LOGO_SIZE} />}
      </div>
      {drawsFace(props.layer)
        ? <ChainBadge src={props.chainLogo} place={BADGE} ring={background} layer={props.layer} />
        : null}
    </div>
  );
  return (
    <CardFrame color={text} logos={logos} productLogo={props.productLogo} layer={props.layer}>
      <CardLine text={props.name} {...NAME_LINE} style={{ opacity: 0.82 }} />
      <CardLine text={props.symbol} {...SYMBOL_LINE} style={{ letterSpacing: -4 }} />
    </CardFrame>
  );
}

/** Where the chain logo sits on the card, in its badge. */
export const TOKEN_CHAIN_LOGO_AT = badgeLogoAt(CARD_PAD + FRAME, CARD_PAD + FRAME, BADGE);

/** Where the token logo sits on the card (top-left corner; {@linkcode TOKEN_LOGO_SIZE} square). */
export const TOKEN_LOGO_AT = { x: CARD_PAD + 8, y: CARD_PAD + 8 } as const;

/**
 * The parts of the card its face may draw on (logo with its badge, and the
 * text lines, as wide as their text can be): the rest of the face layer is
 * left undrawn (see `render.ts`).
 */
export function tokenFaceRegions(props: Pick<TokenCardProps, "name" | "symbol" | "logo" | "chainLogo">): Rect[] {
  const textTop = CARD_HEIGHT - CARD_PAD - NAME_LINE.lineHeight - SYMBOL_LINE.lineHeight;
  const textWidth = Math.max(
    maxTextWidthEm(props.name) * NAME_LINE.fontSize,
    maxTextWidthEm(props.symbol) * SYMBOL_LINE.fontSize,
  );
  // the letter tile (a decoded logo is laid in memory) and the badge
  const logo = boundingRect([
    ...(props.logo.pixels ? [] : [squareAround(TOKEN_LOGO_AT, TOKEN_LOGO_SIZE)]),
    ...(props.chainLogo ? [badgeBox(CARD_PAD + FRAME, CARD_PAD + FRAME, BADGE)] : []),
  ]);
  // the text starts below the logo frame and its badge, whatever the face draws there
  const frame = { x: CARD_PAD, y: CARD_PAD, width: FRAME + 16, height: FRAME + 12 };
  return [...(logo ? [logo] : []), textRegion(textTop, textWidth, frame)];
}
