/**
 * The token share image: 1200x630, background the average colour of the
 * token's logo, the round logo with the chain badge, the token name, the
 * symbol large, and the product logo.
 *
 * @module
 */

import { cssRgb, type Rgb } from "./average_color.ts";
import {
  type CardLogo,
  cardRoot,
  ChainBadge,
  INK,
  LogoCircle,
  oneLine,
  ProductMark,
  textColorOn,
} from "./card_parts.tsx";

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
}

/** Size the token logo is drawn at, in px. */
export const TOKEN_LOGO_SIZE = 160;

/** Padding around the card's content. */
const PAD = 72;
/** Width the text may take before it is cut with an ellipsis. */
const TEXT_WIDTH = 1200 - PAD * 2;

/** The token card. */
export function TokenCard(props: TokenCardProps) {
  const background = cssRgb(props.background);
  const text = textColorOn(props.background);
  const light = text === INK;
  return (
    <div
      style={{
        ...cardRoot(),
        flexDirection: "column",
        justifyContent: "space-between",
        padding: PAD,
        color: text,
      }}
    >
      <div
        style={{
          display: "flex",
          justifyContent: "space-between",
          alignItems: "flex-start",
          position: "relative",
          width: TEXT_WIDTH,
        }}
      >
        <div style={{ display: "flex", position: "relative", width: 176, height: 176 }}>
          <div
            style={{
              display: "flex",
              padding: 8,
              borderRadius: 88,
              background: light ? "rgba(13,17,28,0.12)" : "rgba(255,255,255,0.3)",
            }}
          >
            <LogoCircle logo={props.logo} size={TOKEN_LOGO_SIZE} tint={props.background} />
          </div>
          {props.chainLogo
            ? (
              <div style={{ display: "flex", position: "absolute", right: -10, bottom: -6 }}>
                <ChainBadge src={props.chainLogo} size={64} ring={background} />
              </div>
            )
            : null}
        </div>
        <ProductMark src={props.productLogo} color={text} />
      </div>
      <div style={{ display: "flex", flexDirection: "column", position: "relative" }}>
        <div
          style={{
            ...oneLine(props.name, 56, TEXT_WIDTH),
            lineHeight: "68px",
            opacity: 0.82,
          }}
        >
          {props.name}
        </div>
        <div
          style={{
            ...oneLine(props.symbol, 144, TEXT_WIDTH),
            lineHeight: "160px",
            letterSpacing: -4,
          }}
        >
          {props.symbol}
        </div>
      </div>
    </div>
  );
}
