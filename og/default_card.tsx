/**
 * The default share image (for pages without a token or pool): the product
 * logo, the name and a tagline on the default background. It never changes,
 * so it is rendered once per process and may be cached for a year.
 *
 * @module
 */

import { cardRoot } from "./card_parts.tsx";

/** What the default card shows. */
export interface DefaultCardProps {
  /** Data URL of the product logo. */
  readonly productLogo: string;
}

/** Tagline under the product name. */
export const DEFAULT_TAGLINE = "Swap, earn, and build on the leading decentralized crypto trading protocol.";

/** The default card. */
export function DefaultCard(props: DefaultCardProps) {
  return (
    <div
      style={{
        ...cardRoot(),
        flexDirection: "column",
        justifyContent: "center",
        padding: 96,
        color: "#ffffff",
      }}
    >
      <div style={{ display: "flex", alignItems: "center" }}>
        <div
          style={{
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            width: 160,
            height: 160,
            borderRadius: 80,
            background: "#ffffff",
          }}
        >
          <img src={props.productLogo} width={128} height={128} />
        </div>
        <div style={{ display: "flex", marginLeft: 40, fontSize: 120 }}>
          Uniswap
        </div>
      </div>
      <div
        style={{
          display: "flex",
          marginTop: 48,
          maxWidth: 900,
          fontSize: 44,
          lineHeight: "58px",
          opacity: 0.8,
        }}
      >
        {DEFAULT_TAGLINE}
      </div>
    </div>
  );
}
