/**
 * The pool share image: 1200x630, the two token logos side by side in
 * 168x168 tiles with the chain logo in a corner, the pool name
 * `token0/token1`, a version badge for V2 pools only, the fee tier, and the
 * product logo.
 *
 * @module
 */

import { feeLabel as poolFeeLabel, feePercent } from "../lib/fees.ts";
import { cssRgb, type Rgb } from "./average_color.ts";
import { CardFrame, CardLine, type CardLogo, ChainBadge, disc, INK, isLight, LogoCircle } from "./card_parts.tsx";

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
  readonly chainLogo: string | null;
  readonly productLogo: string;
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

function Tile({ logo, tint, light }: { logo: CardLogo; tint: Rgb; light: boolean }) {
  return (
    <div
      style={{
        ...disc(TILE, light ? "rgba(13,17,28,0.1)" : "rgba(255,255,255,0.2)"),
        borderRadius: 40,
      }}
    >
      <LogoCircle logo={logo} size={POOL_LOGO_SIZE} tint={tint} />
    </div>
  );
}

function Pill({ text, light }: { text: string; light: boolean }) {
  return (
    <div
      style={{
        display: "flex",
        alignItems: "center",
        height: 64,
        padding: "0 26px",
        marginRight: 16,
        borderRadius: 20,
        fontSize: 36,
        background: light ? "rgba(13,17,28,0.1)" : "rgba(255,255,255,0.18)",
      }}
    >
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
    <div style={{ display: "flex", position: "relative" }}>
      <Tile logo={props.token0} tint={props.color0} light={light} />
      <div style={{ display: "flex", width: 16 }} />
      <Tile logo={props.token1} tint={props.color1} light={light} />
      <ChainBadge src={props.chainLogo} size={68} ring={cssRgb(props.color1)} right={-22} bottom={-22} />
    </div>
  );
  return (
    <CardFrame color={text} logos={logos} productLogo={props.productLogo}>
      <CardLine text={props.name} fontSize={120} lineHeight={140} style={{ letterSpacing: -3 }} />
      <div style={{ display: "flex", marginTop: 18 }}>
        {showVersion ? <Pill text="V2" light={light} /> : null}
        <Pill text={props.feeLabel} light={light} />
      </div>
    </CardFrame>
  );
}
