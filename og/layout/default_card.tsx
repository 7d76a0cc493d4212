/**
 * The default share image (for pages without a token or pool): the product
 * logo, the name and a tagline on the default background. It never changes,
 * so it is rendered once per process and may be cached for a year.
 *
 * @module
 */

import { cardRoot, type MarkSize, ProductMark } from "./card_parts.tsx";

/** What the default card shows. */
export interface DefaultCardProps {
  /** Data URL of the product logo. */
  readonly productLogo: string;
}

/** Tagline under the product name. */
export const DEFAULT_TAGLINE = "Swap, earn, and build on the leading decentralized crypto trading protocol.";

const TEXT_COLOR = "#ffffff";
/** The product mark across the default card. */
const LARGE_MARK: MarkSize = { disc: 160, logo: 128, gap: 40, fontSize: 120 };

/** The default card. */
export function DefaultCard(props: DefaultCardProps) {
  return (
    <div
      style={{
        ...cardRoot(),
        flexDirection: "column",
        justifyContent: "center",
        padding: 96,
        color: TEXT_COLOR,
      }}
    >
      <ProductMark src={props.productLogo} color={TEXT_COLOR} size={LARGE_MARK} />
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
