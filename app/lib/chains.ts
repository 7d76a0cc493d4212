/**
 * How the screens name and order the gateway's chains: URL names
 * (`ethereum`), labels (`Ethereum`), the product order of the chain selector
 * (mainnets first, testnets after), and each chain's block explorer. Parsing
 * URL chain names is `queries/chains.ts`'s job; this is the presentation
 * side, the one table of it.
 *
 * @module
 */
import { type Chain, parseChain, SUPPORTED_CHAINS } from "../../queries/chains.ts";

/** A chain's block explorer: its name and origin, and how it spells its paths. */
export interface Explorer {
  readonly name: string;
  readonly url: string;
  /** Path segment of an account page: `address` (Etherscan family) or `account` (Solscan). */
  readonly accountPath?: string;
}

/** What the screens show of a chain. */
export interface ChainInfo {
  readonly label: string;
  readonly testnet: boolean;
  readonly explorer: Explorer | null;
}

function info(label: string, explorer: Explorer | null, testnet = false): ChainInfo {
  return { label, explorer, testnet };
}

/**
 * Every chain of the gateway's `Chain` enum but `UNKNOWN_CHAIN`, in product
 * order: mainnets first (the order the selector lists them), then testnets.
 */
const CHAINS: ReadonlyMap<Chain, ChainInfo> = new Map<Chain, ChainInfo>([
  ["ETHEREUM", info("Ethereum", { name: "Etherscan", url: "https://etherscan.io" })],
  ["UNICHAIN", info("Unichain", { name: "Uniscan", url: "https://uniscan.xyz" })],
  ["BASE", info("Base", { name: "Basescan", url: "https://basescan.org" })],
  ["ARBITRUM", info("Arbitrum", { name: "Arbiscan", url: "https://arbiscan.io" })],
  ["POLYGON", info("Polygon", { name: "PolygonScan", url: "https://polygonscan.com" })],
  ["OPTIMISM", info("Optimism", { name: "Optimistic Etherscan", url: "https://optimistic.etherscan.io" })],
  ["BNB", info("BNB Chain", { name: "BscScan", url: "https://bscscan.com" })],
  ["AVALANCHE", info("Avalanche", { name: "Snowtrace", url: "https://snowtrace.io" })],
  ["SOLANA", info("Solana", { name: "Solscan", url: "https://solscan.io", accountPath: "account" })],
  ["WORLDCHAIN", info("World Chain", { name: "Worldscan", url: "https://worldscan.org" })],
  ["ZKSYNC", info("ZKsync", { name: "ZKsync Explorer", url: "https://explorer.zksync.io" })],
  ["ZORA", info("Zora", { name: "Zora Explorer", url: "https://explorer.zora.energy" })],
  ["CELO", info("Celo", { name: "Celoscan", url: "https://celoscan.io" })],
  ["BLAST", info("Blast", { name: "Blastscan", url: "https://blastscan.io" })],
  ["SONEIUM", info("Soneium", { name: "Soneium Explorer", url: "https://soneium.blockscout.com" })],
  ["ETHEREUM_SEPOLIA", info("Sepolia", { name: "Etherscan", url: "https://sepolia.etherscan.io" }, true)],
  ["ASTROCHAIN_SEPOLIA", info("Unichain Sepolia", { name: "Uniscan", url: "https://sepolia.uniscan.xyz" }, true)],
  ["BASE_SEPOLIA", info("Base Sepolia", { name: "Basescan", url: "https://sepolia.basescan.org" }, true)],
  ["ARBITRUM_SEPOLIA", info("Arbitrum Sepolia", { name: "Arbiscan", url: "https://sepolia.arbiscan.io" }, true)],
  [
    "MONAD_TESTNET",
    info("Monad Testnet", { name: "Monad Explorer", url: "https://testnet.monadexplorer.com" }, true),
  ],
  ["ETHEREUM_GOERLI", info("Goerli", null, true)],
]);

/** The chain pages default to. */
export const DEFAULT_CHAIN: Chain = "ETHEREUM";

/** A chain as the selector lists it. */
export interface ChainOption {
  readonly chain: Chain;
  /** Lower-case URL name: `ethereum`. */
  readonly urlName: string;
  readonly label: string;
  readonly testnet: boolean;
}

/** The chain's URL name: `ETHEREUM` -> `ethereum`. */
export function chainUrlName(chain: string): string {
  return chain.toLowerCase();
}

/** The chain's display name: `BNB` -> `BNB Chain`. */
export function chainLabel(chain: string): string {
  return CHAINS.get(chain as Chain)?.label ??
    chain.charAt(0) + chain.slice(1).toLowerCase().replaceAll("_", " ");
}

/**
 * Every chain of the gateway's `Chain` enum except `UNKNOWN_CHAIN`, in
 * product order: mainnets first, then testnets.
 */
export const CHAIN_OPTIONS: readonly ChainOption[] = [
  ...[...CHAINS.keys()],
  ...SUPPORTED_CHAINS.filter((c) => c !== "UNKNOWN_CHAIN" && !CHAINS.has(c)),
].map((chain) => ({
  chain,
  urlName: chainUrlName(chain),
  label: chainLabel(chain),
  testnet: CHAINS.get(chain)?.testnet ?? false,
}));

/** The block explorer of a chain, or `null` when it has none. */
export function chainExplorer(chain: string): Explorer | null {
  return CHAINS.get(chain.toUpperCase() as Chain)?.explorer ?? null;
}

/** What an explorer link points at. */
export type ExplorerTarget = "address" | "token" | "tx";

/**
 * The block-explorer page of an address, token or transaction on a chain
 * (`https://etherscan.io/address/0x...`), or `null` when the chain has no
 * explorer or the value is not one an explorer has a page for (a V4 pool id).
 */
export function explorerUrl(
  chain: string,
  value: string,
  target: ExplorerTarget = "address",
): string | null {
  const explorer = chainExplorer(chain);
  if (!explorer) return null;
  const isAccount = /^0x[0-9a-fA-F]{40}$/.test(value) || /^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(value);
  const isTx = /^0x[0-9a-fA-F]{64}$/.test(value) || /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(value);
  if (target === "tx" ? !isTx : !isAccount) return null;
  const path = target === "tx" ? "tx" : target === "token" ? "token" : explorer.accountPath ?? "address";
  return `${explorer.url}/${path}/${value}`;
}

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
