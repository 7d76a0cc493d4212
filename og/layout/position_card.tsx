/**
 * The position share image: 1200x630 on one colour, the mix of the two
 * logos' average colours ({@linkcode positionBackground}; flat rather than
 * the pool card's gradient: a gradient doubles the PNG encoder's work, and
 * this card has more text to draw), the two token logos in the pool card's
 * tiles with the chain badge, the product
 * mark, the pair name, the price range (`Range 0.00031 – 0.00042`; `0`
 * and `∞` for a full range), and a row of pills: the status with its dot
 * (green in range, amber out of range, grey closed), the version and the
 * fee tier (`lib/fees.ts`'s label). The range's word and the status and
 * version pills are drawn with the base (one per text colour, status and
 * version) and the fee pill as a stamp (once per label and text colour,
 * {@linkcode positionFeeStamp}), so a card's face holds only the name and
 * the values.
 *
 * @module
 */

import type { PositionStatus } from "../../lib/preview_types.ts";
import type { Rgb } from "../layout/color.ts";
import {
  Blank,
  CARD_PAD,
  CARD_TEXT_WIDTH,
  CardFrame,
  type CardLayer,
  CardLine,
  type CardLogo,
  cardRoot,
  drawsBase,
  drawsFace,
  INK,
  isLight,
  maxTextWidthEm,
  oneLine,
  type Rect,
  textRegion,
} from "./card_parts.tsx";
import {
  mix,
  Pill,
  PILL_DOT,
  PILL_HEIGHT,
  PILL_MARGIN,
  pillWidth,
  TILE_PAIR_REGION,
  TilePair,
  tilePairRegions,
} from "./pool_card.tsx";
import { CARD_HEIGHT, type Stamp } from "./geometry.ts";

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

/** The word before the range, drawn once with the base. */
export const RANGE_LABEL = "Range";
/** Width the range's word takes, values after it, in px ("Range" at 40 px is 125 px wide). */
const RANGE_LABEL_WIDTH = 148;

/** The range's values: `{lower} – {upper}`. */
export function rangeText(priceLower: string, priceUpper: string): string {
  return `${priceLower} – ${priceUpper}`;
}

/** The status pill's width: its dot and words at most (fixed per status, so the face can hold its place). */
function statusPillWidth(status: PositionStatus): number {
  return Math.ceil(PILL_DOT.size + PILL_DOT.gap + maxTextWidthEm(POSITION_STATUS[status].text) * 36 + 52);
}

/** The version pill's width (fixed per version). */
function versionPillWidth(version: string): number {
  return Math.ceil(maxTextWidthEm(version) * 36 + 52);
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
  // The status and version pills and the range's word are the same on every card of a status and version: the base
  // draws them (see layeredPositionCard of draw.tsx), the face holds their places. The fee pill takes a few values:
  // a layered card lays it as a stamp (positionFeeStamp), so only the whole card draws it here.
  const base = drawsBase(props.layer);
  const face = drawsFace(props.layer);
  const statusWidth = statusPillWidth(props.status);
  const versionWidth = versionPillWidth(props.protocolVersion);
  const values = rangeText(props.priceLower, props.priceUpper);
  return (
    <CardFrame
      color={text}
      logos={logos}
      productLogo={props.productLogo}
      layer={props.layer}
      layeredChildren
    >
      {face
        ? <CardLine text={props.name} {...NAME_LINE} style={{ letterSpacing: -3 }} />
        : <Blank width={1} height={NAME_LINE.lineHeight} />}
      <div style={{ display: "flex", marginTop: RANGE_GAP }}>
        {base
          ? (
            <div
              style={{
                display: "flex",
                width: RANGE_LABEL_WIDTH,
                ...RANGE_LINE,
                lineHeight: `${RANGE_LINE.lineHeight}px`,
                opacity: 0.82,
              }}
            >
              {RANGE_LABEL}
            </div>
          )
          : <Blank width={RANGE_LABEL_WIDTH} height={RANGE_LINE.lineHeight} />}
        {face
          ? (
            <div
              style={{
                ...oneLine(values, RANGE_LINE.fontSize, CARD_TEXT_WIDTH - RANGE_LABEL_WIDTH),
                lineHeight: `${RANGE_LINE.lineHeight}px`,
                // on the text itself: satori writes it as the glyphs' fill opacity, not a layer (see render.ts)
                opacity: 0.82,
              }}
            >
              {values}
            </div>
          )
          : null}
      </div>
      <div style={{ display: "flex", marginTop: PILL_GAP }}>
        {base
          ? <Pill text={status.text} light={light} dot={hex(status.dot)} width={statusWidth} />
          : <Blank width={statusWidth + PILL_MARGIN} height={PILL_HEIGHT} />}
        {base
          ? <Pill text={props.protocolVersion} light={light} width={versionWidth} />
          : <Blank width={versionWidth + PILL_MARGIN} height={PILL_HEIGHT} />}
        {base && face ? <Pill text={props.feeLabel} light={light} /> : null}
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

/** Where the fee pill sits: after the status and version pills, on the pills' row. */
function feePillAt(status: PositionStatus, version: string): { x: number; y: number } {
  return {
    x: CARD_PAD + statusPillWidth(status) + versionPillWidth(version) + 2 * PILL_MARGIN,
    y: CARD_HEIGHT - CARD_PAD - PILL_HEIGHT,
  };
}

/**
 * The fee pill as a stamp (see `LayeredCard` of `render.ts`): drawn once per
 * label and text colour, laid where the whole card draws it.
 */
export function positionFeeStamp(
  props: Pick<PositionCardProps, "feeLabel" | "status" | "protocolVersion" | "color0" | "color1">,
): Stamp {
  const light = isLight(positionBackground(props.color0, props.color1));
  return {
    key: `position-fee ${light ? "light" : "dark"} ${props.feeLabel}`,
    ...feePillAt(props.status, props.protocolVersion),
    width: Math.ceil(pillWidth(props.feeLabel)),
    height: PILL_HEIGHT,
    node: (
      <div style={{ ...cardRoot(), color: light ? INK : "#ffffff" }}>
        <Pill text={props.feeLabel} light={light} />
      </div>
    ),
  };
}

/** The parts of the position card its face may draw on (see `tokenFaceRegions` of `token_card.tsx`). */
export function positionFaceRegions(
  props: Pick<
    PositionCardProps,
    "name" | "priceLower" | "priceUpper" | "token0" | "token1" | "chainLogo"
  >,
): Rect[] {
  // the face draws the name and the range's values, down to the pills' row (the pills are base, the fee a stamp)
  const width = Math.max(
    maxTextWidthEm(props.name) * NAME_LINE.fontSize,
    RANGE_LABEL_WIDTH + maxTextWidthEm(rangeText(props.priceLower, props.priceUpper)) * RANGE_LINE.fontSize,
  );
  const lines = textRegion(TEXT_TOP, width, TILE_PAIR_REGION);
  const bottom = CARD_HEIGHT - CARD_PAD - PILL_HEIGHT - PILL_GAP / 2;
  return [
    ...tilePairRegions(props.token0, props.token1, props.chainLogo),
    { ...lines, height: bottom - lines.y },
  ];
}
