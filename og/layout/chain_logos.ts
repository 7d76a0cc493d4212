/**
 * Chain logos (the badge on a token logo, the corner of a pool card) and the
 * product logo (the watermark), from the `@iconify-json/token-branded`
 * package (Web3 Icons, MIT). The few icons the cards use are extracted at
 * build time into the committed `brand_icons.json` (`scripts/extract_icons.ts`):
 * nothing reads the 11 MB set at run time.
 *
 * @module
 */

import brandIcons from "../assets/brand_icons.json" with { type: "json" };
import { svgDataUrl } from "../assets/iconify.ts";
import { CHAINS } from "../../lib/chains.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";

/** The icon set the logos come from. */
export const ICON_PACKAGE = "@iconify-json/token-branded";

/**
 * Icon name in the set for each chain that has a badge on the cards, by URL
 * name (`arbitrum` -> `arbitrum-one`): the `logoIcon` of the chain table.
 */
export const CHAIN_ICONS: Readonly<Record<string, string>> = Object.fromEntries(
  CHAINS.flatMap((c) => c.logoIcon ? [[c.urlName, c.logoIcon]] : []),
);

/** Icon name of the product logo. */
export const PRODUCT_ICON = "uniswap";

/** Data URLs of the logos the cards draw. */
export interface BrandLogos {
  /** Chain URL name (`polygon`, `arbitrum`, ...) to SVG data URL. */
  readonly chains: ReadonlyMap<string, string>;
  /** The product logo (the Uniswap unicorn) as an SVG data URL. */
  readonly product: string;
  /** The product logo's SVG document (for the pre-drawn watermark). */
  readonly productSvg: string;
}

/**
 * Loads the chain and product logos once per process; later calls share the
 * same result. A failed load is not remembered, so the next call retries.
 */
export const loadBrandLogos: () => Promise<BrandLogos> = memoizeUntilFailure(() =>
  Promise.resolve().then(readBrandLogos)
);

function readBrandLogos(): Promise<BrandLogos> {
  const icons: Readonly<Record<string, string>> = brandIcons.icons;
  const svgOf = (name: string) => {
    const svg = icons[name];
    if (!svg) throw new Error(`Cannot find icon "${name}" in og/assets/brand_icons.json: run deno task gen:icons`);
    return svg;
  };
  const chains = new Map<string, string>();
  for (const [chain, icon] of Object.entries(CHAIN_ICONS)) chains.set(chain, svgDataUrl(svgOf(icon)));
  const product = svgOf(PRODUCT_ICON);
  return Promise.resolve({ chains, product: svgDataUrl(product), productSvg: product });
}

/**
 * The chain's logo as a data URL, or `null` when the chain has none (Ethereum
 * mainnet, testnets, Solana). `chainName` is a URL name, any case.
 */
export function chainLogo(logos: BrandLogos, chainName: string): string | null {
  return logos.chains.get(chainName.toLowerCase()) ?? null;
}
