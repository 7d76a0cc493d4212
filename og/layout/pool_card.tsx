/**
 * The pool share image: 1200x630, the two token logos side by side in
 * 168x168 tiles with the chain logo in a corner, the pool name
 * `token0/token1`, a version badge for V2 pools only, the fee tier (`Dynamic`
 * for a V4 fee its hook sets), a V4 pool's hook (`Hook 0x1234…abcd`), and the
 * product logo.
 *
 * @module
 */

import { feeLabel as poolFeeLabel, feePercent } from "../../lib/fees.ts";
import { cssRgb, type Rgb } from "./color.ts";
import {
  badgeBox,
  badgeLogoAt,
  type BadgePlace,
  boundingRect,
  CARD_PAD,
  CardFrame,
  type CardLayer,
  CardLine,
  type CardLogo,
  ChainBadge,
  disc,
  drawsBase,
  drawsFace,
  INK,
  isLight,
  LogoCircle,
  maxTextWidthEm,
  type Rect,
  squareAround,
  textRegion,
} from "./card_parts.tsx";
import { CARD_HEIGHT } from "./geometry.ts";

/** What the pool card shows. */
export interface PoolCardProps {
  readonly token0: CardLogo;
  readonly token1: CardLogo;
  /** Average colours of the two logos (the background runs from one to the other). */
  readonly color0: Rgb;
  readonly color1: Rgb;
  /** `token0/token1`. */
  readonly name: string;
  /** `V2`, `V3`, `V4` or `null`; only V2 gets a badge. */
  readonly protocolVersion: string | null;
  /** Fee label: `0.3%` or `Dynamic`. */
  readonly feeLabel: string;
  /** V4 only: the hook's address shortened (`lib/preview_hook.ts`), drawn as `Hook 0x1234…abcd`; none without. */
  readonly hook?: string | null;
  readonly chainLogo: string | null;
  readonly productLogo: string;
  /** Which part to draw (all of it unless told). */
  readonly layer?: CardLayer;
}

/** The fee tier used when the gateway gives none (0.3%). */
export const DEFAULT_FEE_TIER = 3000;

/**
 * The card's fee label: `lib/fees.ts`'s label (`0.3%`, `Dynamic` for a fee
 * the hook sets), the {@link DEFAULT_FEE_TIER} when the gateway gives none.
 */
export function feeLabel(
  feeTier: number | null | undefined,
  isDynamicFee?: boolean,
  protocolVersion?: string | null,
): string {
  return poolFeeLabel({ feeTier, isDynamicFee, protocolVersion }) ?? feePercent(DEFAULT_FEE_TIER);
}

const TILE = 168;
/** Size each token logo is drawn at inside its 168 px tile, in px. */
export const POOL_LOGO_SIZE = 128;

/** Gap between the two tiles, in px. */
const TILE_GAP = 16;
/** The chain badge on the second tile's corner. */
const TILE_BADGE: BadgePlace = { size: 68, right: -22, bottom: -22 };

/**
 * A token's tile: a rounded square (base) holding its logo (face). The
 * position card draws the same tiles.
 */
export function Tile(
  { logo, tint, light, layer }: { logo: CardLogo; tint: Rgb; light: boolean; layer?: CardLayer },
) {
  return (
    <div
      style={{
        ...disc(TILE, light ? "rgba(13,17,28,0.1)" : "rgba(255,255,255,0.2)"),
        ...(drawsBase(layer) ? {} : { background: "none" }),
        borderRadius: 40,
      }}
    >
      {drawsFace(layer) ? <LogoCircle logo={logo} size={POOL_LOGO_SIZE} tint={tint} layer={layer} /> : null}
    </div>
  );
}

/**
 * The two tiles side by side with the chain badge on the second one's
 * corner (the pool and position cards' logo row).
 */
export function TilePair(
  { token0, token1, color0, color1, light, chainLogo, ring = color1, layer }: {
    token0: CardLogo;
    token1: CardLogo;
    color0: Rgb;
    color1: Rgb;
    light: boolean;
    chainLogo: string | null;
    /** The badge's ring: the background under it (the second colour of the pool card's gradient). */
    ring?: Rgb;
    layer?: CardLayer;
  },
) {
  return (
    <div style={{ display: "flex", position: "relative" }}>
      <Tile logo={token0} tint={color0} light={light} layer={layer} />
      <div style={{ display: "flex", width: TILE_GAP }} />
      <Tile logo={token1} tint={color1} light={light} layer={layer} />
      {drawsFace(layer) ? <ChainBadge src={chainLogo} place={TILE_BADGE} ring={cssRgb(ring)} layer={layer} /> : null}
    </div>
  );
}

/** Where the two tiles' logos sit on the card (top-left corners; {@linkcode POOL_LOGO_SIZE} square). */
export const TILE_LOGOS_AT = [
  { x: CARD_PAD + (TILE - POOL_LOGO_SIZE) / 2, y: CARD_PAD + (TILE - POOL_LOGO_SIZE) / 2 },
  { x: CARD_PAD + TILE + TILE_GAP + (TILE - POOL_LOGO_SIZE) / 2, y: CARD_PAD + (TILE - POOL_LOGO_SIZE) / 2 },
] as const;

/** Where the chain logo sits on the card, in its badge on the second tile. */
export const TILE_CHAIN_LOGO_AT = badgeLogoAt(CARD_PAD + TILE * 2 + TILE_GAP, CARD_PAD + TILE, TILE_BADGE);

/**
 * Where the tile pair's face draws: the letter tile of a token without a
 * decoded logo (a decoded one is laid in memory), and the chain badge (over
 * the second tile's corner, so one region with that tile).
 */
export function tilePairRegions(token0: CardLogo, token1: CardLogo, chainLogo: string | null): Rect[] {
  const first = token0.pixels ? null : squareAround(TILE_LOGOS_AT[0], POOL_LOGO_SIZE);
  const second = boundingRect([
    ...(token1.pixels ? [] : [squareAround(TILE_LOGOS_AT[1], POOL_LOGO_SIZE)]),
    ...(chainLogo ? [badgeBox(CARD_PAD + TILE * 2 + TILE_GAP, CARD_PAD + TILE, TILE_BADGE)] : []),
  ]);
  return [first, second].filter((r): r is Rect => r !== null);
}

/** Where the tiles' logos and the chain badge draw (the badge reaches 22 px past the second tile). */
export const TILE_PAIR_REGION: Rect = {
  x: CARD_PAD,
  y: CARD_PAD,
  width: TILE * 2 + TILE_GAP + 24,
  height: TILE + 24,
};

/** Space after a {@linkcode Pill}, in px. */
export const PILL_MARGIN = 16;

/** Size of the dot a {@linkcode Pill} may lead with, and the space after it, in px. */
export const PILL_DOT = { size: 22, gap: 14 } as const;

/**
 * A rounded label (version, fee tier, status) on a translucent plate, led by
 * a round `dot` of that colour if given; `width` fixes its width (words
 * centred, or after the dot), so a layer that does not draw it can hold
 * its place.
 */
export function Pill({ text, light, dot, width }: { text: string; light: boolean; dot?: string; width?: number }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        // a fixed width centres the words, or starts them after the dot
        ...(width ? { width, boxSizing: "border-box", justifyContent: dot ? "flex-start" : "center" } : {}),
        height: PILL_HEIGHT,
        padding: "0 26px",
        marginRight: PILL_MARGIN,
        borderRadius: 20,
        fontSize: 36,
        background: light ? "rgba(13,17,28,0.1)" : "rgba(255,255,255,0.18)",
      }}
    >
      {dot ? <div style={{ ...disc(PILL_DOT.size, dot), marginRight: PILL_DOT.gap }} /> : null}
      {text}
    </div>
  );
}

/** Mixes two colours half and half. */
export function mix(a: Rgb, b: Rgb): Rgb {
  return {
    r: Math.round((a.r + b.r) / 2),
    g: Math.round((a.g + b.g) / 2),
    b: Math.round((a.b + b.b) / 2),
  };
}

/** The pool card. */
export function PoolCard(props: PoolCardProps) {
  const light = isLight(mix(props.color0, props.color1));
  const text = light ? INK : "#ffffff";
  const showVersion = (props.protocolVersion ?? "").toUpperCase() === "V2";
  const logos = (
    <TilePair
      token0={props.token0}
      token1={props.token1}
      color0={props.color0}
      color1={props.color1}
      light={light}
      chainLogo={props.chainLogo}
      layer={props.layer}
    />
  );
  return (
    <CardFrame color={text} logos={logos} productLogo={props.productLogo} layer={props.layer}>
      <CardLine text={props.name} {...NAME_LINE} style={{ letterSpacing: -3 }} />
      <div style={{ display: "flex", marginTop: PILL_GAP }}>
        {showVersion ? <Pill text="V2" light={light} /> : null}
        <Pill text={props.feeLabel} light={light} />
        {props.hook ? <Pill text={hookPillText(props.hook)} light={light} /> : null}
      </div>
    </CardFrame>
  );
}

const NAME_LINE = { fontSize: 120, lineHeight: 140 } as const;
const PILL_GAP = 18;
/** Height of a {@linkcode Pill}, in px. */
export const PILL_HEIGHT = 64;

/** At most how wide a {@linkcode Pill} of `text` is with the space after it, in px. */
export function pillWidth(text: string): number {
  return maxTextWidthEm(text) * 36 + 52 + 16;
}

/** The words of the hook pill. */
export function hookPillText(hook: string): string {
  return `Hook ${hook}`;
}

/** The parts of the pool card its face may draw on (see `tokenFaceRegions` of `token_card.tsx`). */
export function poolFaceRegions(
  props: Pick<PoolCardProps, "name" | "feeLabel" | "hook" | "token0" | "token1" | "chainLogo">,
): Rect[] {
  const textTop = CARD_HEIGHT - CARD_PAD - NAME_LINE.lineHeight - PILL_GAP - PILL_HEIGHT;
  const pills = pillWidth("V2") + pillWidth(props.feeLabel) + (props.hook ? pillWidth(hookPillText(props.hook)) : 0);
  const width = Math.max(maxTextWidthEm(props.name) * NAME_LINE.fontSize, pills);
  return [
    ...tilePairRegions(props.token0, props.token1, props.chainLogo),
    textRegion(textTop, width, TILE_PAIR_REGION),
  ];
}
