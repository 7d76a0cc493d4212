/**
 * How the screens name the gateway's chains: URL names (`ethereum`), labels
 * (`Ethereum`) and the options of the chain selector. Parsing URL chain
 * names is `queries/chains.ts`'s job; this only adds display names.
 *
 * @module
 */
import { type Chain, parseChain, SUPPORTED_CHAINS } from "../../queries/chains.ts";

const LABELS: Readonly<Partial<Record<Chain, string>>> = {
  ARBITRUM: "Arbitrum",
  AVALANCHE: "Avalanche",
  ETHEREUM: "Ethereum",
  ETHEREUM_GOERLI: "Goerli",
  ETHEREUM_SEPOLIA: "Sepolia",
  OPTIMISM: "Optimism",
  POLYGON: "Polygon",
  CELO: "Celo",
  BNB: "BNB Chain",
  BASE: "Base",
  BLAST: "Blast",
  ZORA: "Zora",
  ZKSYNC: "ZKsync",
  UNICHAIN: "Unichain",
  SONEIUM: "Soneium",
  ASTROCHAIN_SEPOLIA: "Unichain Sepolia",
  WORLDCHAIN: "World Chain",
  MONAD_TESTNET: "Monad Testnet",
  ARBITRUM_SEPOLIA: "Arbitrum Sepolia",
  BASE_SEPOLIA: "Base Sepolia",
  SOLANA: "Solana",
};

/** The chain pages default to. */
export const DEFAULT_CHAIN: Chain = "ETHEREUM";

/** A chain as the selector lists it. */
export interface ChainOption {
  readonly chain: Chain;
  /** Lower-case URL name: `ethereum`. */
  readonly urlName: string;
  readonly label: string;
}

/** The chain's URL name: `ETHEREUM` -> `ethereum`. */
export function chainUrlName(chain: string): string {
  return chain.toLowerCase();
}

/** The chain's display name: `BNB` -> `BNB Chain`. */
export function chainLabel(chain: string): string {
  return LABELS[chain as Chain] ??
    chain.charAt(0) + chain.slice(1).toLowerCase().replaceAll("_", " ");
}

/** Every chain of the gateway's `Chain` enum except `UNKNOWN_CHAIN`. */
export const CHAIN_OPTIONS: readonly ChainOption[] = SUPPORTED_CHAINS
  .filter((c) => c !== "UNKNOWN_CHAIN")
  .map((chain) => ({
    chain,
    urlName: chainUrlName(chain),
    label: chainLabel(chain),
  }));

/** The chain of a URL name, or the default chain when it is missing. */
export function chainFromUrl(urlName: string | null | undefined): Chain | null {
  if (!urlName) return DEFAULT_CHAIN;
  return parseChain(urlName);
}

/**
 * Link to a token page: `/explore/tokens/{chain}/{address}`, with `NATIVE`
 * for a token without an address.
 */
export function tokenHref(chain: string, address: string | null | undefined): string {
  return `/explore/tokens/${chainUrlName(chain)}/${address ?? "NATIVE"}`;
}

/** Link to a pool page: `/explore/pools/{chain}/{address or pool id}`. */
export function poolHref(chain: string, address: string): string {
  return `/explore/pools/${chainUrlName(chain)}/${address}`;
}
