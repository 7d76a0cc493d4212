/**
 * The position share image: 1200x630 on one colour, the mix of the two
 * logos' average colours ({@linkcode positionBackground}; flat rather than
 * the pool card's gradient: a gradient doubles the PNG encoder's work, and
 * this card has more text to draw), the two token logos in the pool card's
 * tiles with the chain badge, the product
 * mark, the pair name, the price range (`Min 0.00031 · Max 0.00042`; `0`
 * and `∞` for a full range), and a row of pills: the status with its dot
 * (green in range, amber out of range, grey closed), the version and the
 * fee tier (`lib/fees.ts`'s label).
 *
 * @module
 */

import type { PositionStatus } from "../lib/preview_types.ts";
import type { Rgb } from "./average_color.ts";
import {
  CARD_PAD,
  CardFrame,
  type CardLayer,
  CardLine,
  type CardLogo,
  INK,
  isLight,
  maxTextWidthEm,
  type Rect,
  textRegion,
} from "./card_parts.tsx";
import {
  mix,
  Pill,
  PILL_DOT,
  PILL_HEIGHT,
  pillWidth,
  TILE_PAIR_REGION,
  TilePair,
  tilePairRegions,
} from "./pool_card.tsx";
import { CARD_HEIGHT } from "./render.ts";

/** What the position card shows. */
export interface PositionCardProps {
  readonly token0: CardLogo;
  readonly token1: CardLogo;
  /** Average colours of the two logos (the background is their mix, see {@linkcode positionBackground}). */
  readonly color0: Rgb;
  readonly color1: Rgb;
  /** `token0/token1`. */
  readonly name: string;
  /** `V2`, `V3` or `V4`. */
  readonly protocolVersion: string;
  /** Fee label: `0.3%` or `Dynamic`. */
  readonly feeLabel: string;
  /** Lower and upper end of the range as the card writes them (`0`, `∞` for a full range). */
  readonly priceLower: string;
  readonly priceUpper: string;
  readonly status: PositionStatus;
  readonly chainLogo: string | null;
  readonly productLogo: string;
  /** Which part to draw (all of it unless told). */
  readonly layer?: CardLayer;
}

/** The status pill's words and dot colour. */
export const POSITION_STATUS: Readonly<Record<PositionStatus, { readonly text: string; readonly dot: Rgb }>> = {
  "in-range": { text: "In range", dot: { r: 64, g: 182, b: 107 } },
  "out-of-range": { text: "Out of range", dot: { r: 255, g: 170, b: 0 } },
  "closed": { text: "Closed", dot: { r: 152, g: 161, b: 181 } },
};

/** What the range line says for a missing end. */
export const UNKNOWN_PRICE = "–";

const NAME_LINE = { fontSize: 104, lineHeight: 120 } as const;
const RANGE_LINE = { fontSize: 40, lineHeight: 52 } as const;
const RANGE_GAP = 8;
const PILL_GAP = 20;

/** The range line: `Min {lower} · Max {upper}`. */
export function rangeText(priceLower: string, priceUpper: string): string {
  return `Min ${priceLower} · Max ${priceUpper}`;
}

function hex({ r, g, b }: Rgb): string {
  return `#${[r, g, b].map((v) => v.toString(16).padStart(2, "0")).join("")}`;
}

/** The card's background: the two logos' colours mixed half and half. */
export function positionBackground(color0: Rgb, color1: Rgb): Rgb {
  return mix(color0, color1);
}

/** The position card. */
export function PositionCard(props: PositionCardProps) {
  const background = positionBackground(props.color0, props.color1);
  const light = isLight(background);
  const text = light ? INK : "#ffffff";
  const status = POSITION_STATUS[props.status];
  const logos = (
    <TilePair
      token0={props.token0}
      token1={props.token1}
      color0={props.color0}
      color1={props.color1}
      light={light}
      chainLogo={props.chainLogo}
      ring={background}
      layer={props.layer}
    />
  );
  return (
    <CardFrame color={text} logos={logos} productLogo={props.productLogo} layer={props.layer}>
      <CardLine text={props.name} {...NAME_LINE} style={{ letterSpacing: -3 }} />
      <CardLine
        text={rangeText(props.priceLower, props.priceUpper)}
        {...RANGE_LINE}
        style={{ marginTop: RANGE_GAP, opacity: 0.82 }}
      />
      <div style={{ display: "flex", marginTop: PILL_GAP }}>
        <Pill text={status.text} light={light} dot={hex(status.dot)} />
        <Pill text={props.protocolVersion} light={light} />
        <Pill text={props.feeLabel} light={light} />
      </div>
    </CardFrame>
  );
}

const TEXT_TOP = CARD_HEIGHT - CARD_PAD - NAME_LINE.lineHeight - RANGE_GAP - RANGE_LINE.lineHeight - PILL_GAP -
  PILL_HEIGHT;

/** Where the status dot sits: the first pill, 26 px in, centred in the pills' row. */
export const STATUS_DOT_AT: Rect = {
  x: CARD_PAD + 26,
  y: CARD_HEIGHT - CARD_PAD - PILL_HEIGHT / 2 - PILL_DOT.size / 2,
  width: PILL_DOT.size,
  height: PILL_DOT.size,
};

/** The parts of the position card its face may draw on (see `tokenFaceRegions` of `token_card.tsx`). */
export function positionFaceRegions(
  props: Pick<
    PositionCardProps,
    "name" | "feeLabel" | "protocolVersion" | "priceLower" | "priceUpper" | "status" | "token0" | "token1" | "chainLogo"
  >,
): Rect[] {
  const pills = PILL_DOT.size + PILL_DOT.gap + pillWidth(POSITION_STATUS[props.status].text) +
    pillWidth(props.protocolVersion) + pillWidth(props.feeLabel);
  const width = Math.max(
    maxTextWidthEm(props.name) * NAME_LINE.fontSize,
    maxTextWidthEm(rangeText(props.priceLower, props.priceUpper)) * RANGE_LINE.fontSize,
    pills,
  );
  return [
    ...tilePairRegions(props.token0, props.token1, props.chainLogo),
    textRegion(TEXT_TOP, width, TILE_PAIR_REGION),
  ];
}
