/**
 * Chain logos (the badge on a token logo, the corner of a pool card) and the
 * product logo (the watermark), taken from the `@iconify-json/token-branded`
 * package (Web3 Icons, MIT). The set is read once, on first use; only the few
 * icons needed are kept as data URLs.
 *
 * @module
 */

import { iconSvg, readIconSet, svgDataUrl } from "./iconify.ts";

const ICON_PACKAGE = "@iconify-json/token-branded";

/** Icon name in the set for each chain that has a logo on the cards. */
const CHAIN_ICONS: Readonly<Record<string, string>> = {
  polygon: "polygon",
  arbitrum: "arbitrum-one",
  optimism: "optimism",
  celo: "celo",
  base: "base",
  bnb: "bnb",
  avalanche: "avalanche",
  blast: "blast",
  zora: "zora",
  zksync: "zksync",
  unichain: "unichain",
};

/** Other spellings of chain names seen in URLs and gateway data. */
const CHAIN_ALIASES: Readonly<Record<string, string>> = {
  matic: "polygon",
  polygon_pos: "polygon",
  arbitrum_one: "arbitrum",
  arbitrum_mainnet: "arbitrum",
  op: "optimism",
  optimism_mainnet: "optimism",
  bsc: "bnb",
  binance: "bnb",
  avax: "avalanche",
  zksync_era: "zksync",
};

const PRODUCT_ICON = "uniswap";

/** Data URLs of the logos the cards draw. */
export interface BrandLogos {
  /** Chain key (`polygon`, `arbitrum`, ...) to SVG data URL. */
  readonly chains: ReadonlyMap<string, string>;
  /** The product logo (the Uniswap unicorn) as an SVG data URL. */
  readonly product: string;
  /** The product logo's SVG document (for the pre-drawn watermark). */
  readonly productSvg: string;
}

let loading: Promise<BrandLogos> | null = null;

/**
 * Loads the chain and product logos once per process; later calls share the
 * same result. A failed load is not remembered, so the next call retries.
 */
export function loadBrandLogos(): Promise<BrandLogos> {
  if (!loading) {
    loading = readBrandLogos().catch((error) => {
      loading = null;
      throw error;
    });
  }
  return loading;
}

async function readBrandLogos(): Promise<BrandLogos> {
  const set = await readIconSet(ICON_PACKAGE);
  const chains = new Map<string, string>();
  for (const [chain, icon] of Object.entries(CHAIN_ICONS)) {
    const svg = iconSvg(set, icon);
    if (!svg) {
      throw new Error(
        `Cannot find icon "${icon}" for chain "${chain}" in ${ICON_PACKAGE}`,
      );
    }
    chains.set(chain, svgDataUrl(svg));
  }
  const product = iconSvg(set, PRODUCT_ICON);
  if (!product) {
    throw new Error(`Cannot find icon "${PRODUCT_ICON}" in ${ICON_PACKAGE}`);
  }
  return { chains, product: svgDataUrl(product), productSvg: product };
}

/**
 * The chain key for a network name as it appears in a URL (`Arbitrum`,
 * `arbitrum_one` -> `arbitrum`), or `null` for chains without a logo
 * (Ethereum mainnet, testnets, unknown names).
 */
export function chainKey(networkName: string): string | null {
  const name = networkName.trim().toLowerCase().replaceAll("-", "_");
  const key = CHAIN_ALIASES[name] ?? name;
  return Object.hasOwn(CHAIN_ICONS, key) ? key : null;
}

/** The chain's logo as a data URL, or `null` when the chain has none. */
export function chainLogo(logos: BrandLogos, networkName: string): string | null {
  const key = chainKey(networkName);
  return key === null ? null : logos.chains.get(key) ?? null;
}
