/**
 * The token share image: 1200x630, background the average colour of the
 * token's logo, the round logo with the chain badge, the token name, the
 * symbol large, and the product logo.
 *
 * @module
 */

import { cssRgb, type Rgb } from "./average_color.ts";
import { CardFrame, CardLine, type CardLogo, ChainBadge, INK, LogoCircle, textColorOn } from "./card_parts.tsx";

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

/** The token card. */
export function TokenCard(props: TokenCardProps) {
  const background = cssRgb(props.background);
  const text = textColorOn(props.background);
  const light = text === INK;
  const logos = (
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
      <ChainBadge src={props.chainLogo} size={64} ring={background} right={-10} bottom={-6} />
    </div>
  );
  return (
    <CardFrame color={text} logos={logos} productLogo={props.productLogo}>
      <CardLine text={props.name} fontSize={56} lineHeight={68} style={{ opacity: 0.82 }} />
      <CardLine text={props.symbol} fontSize={144} lineHeight={160} style={{ letterSpacing: -4 }} />
    </CardFrame>
  );
}
