/**
 * Chains, the one table of them: the gateway's `Chain` enum, each chain's URL
 * name (`ethereum`), label (`Ethereum`), block explorer, logo on the share
 * cards, where the gateway keeps its native token, its address form, EVM
 * chain id, whether it is a testnet, and the product order of the chain
 * selector (mainnets first, testnets after). The service, the share images,
 * the app, the queries and the demo gateway all read chains from here; the
 * forms of addresses are `lib/address.ts`.
 *
 * @module
 */
import {
  type Address,
  isAccountAddress,
  isNativePlaceholder,
  isTransactionHash,
  NATIVE_PLACEHOLDER,
  parseAddress,
  parseMintAddress,
} from "./address.ts";

/**
 * The chains of the gateway's `Chain` enum, in the schema's order: every
 * chain the product supports.
 */
export const SUPPORTED_CHAINS = [
  "ARBITRUM",
  "AVALANCHE",
  "ETHEREUM",
  "ETHEREUM_GOERLI",
  "ETHEREUM_SEPOLIA",
  "OPTIMISM",
  "POLYGON",
  "CELO",
  "BNB",
  "BASE",
  "BLAST",
  "ZORA",
  "ZKSYNC",
  "UNICHAIN",
  "SONEIUM",
  "ASTROCHAIN_SEPOLIA",
  "WORLDCHAIN",
  "MONAD_TESTNET",
  "ARBITRUM_SEPOLIA",
  "BASE_SEPOLIA",
  "SOLANA",
  "UNKNOWN_CHAIN",
] as const;

/** A value of the gateway's `Chain` enum. */
export type Chain = (typeof SUPPORTED_CHAINS)[number];

/** A chain's block explorer: its name and origin, and how it spells its paths. */
export interface Explorer {
  readonly name: string;
  readonly url: string;
  /** Path segment of an account page: `address` (Etherscan family) or `account` (Solscan). */
  readonly accountPath?: string;
}

/** Everything the product knows of one chain. */
export interface ChainInfo {
  readonly chain: Chain;
  /** Lower-case URL name: `ethereum`. */
  readonly urlName: string;
  /** Display name: `BNB Chain`. */
  readonly label: string;
  readonly testnet: boolean;
  readonly explorer: Explorer | null;
  /** Icon of the chain's badge on the share cards (in `og/assets/brand_icons.json`), or `null` for none. */
  readonly logoIcon: string | null;
  /**
   * Where the gateway keeps the chain's native token when it also has a token
   * address (an ERC-20 contract, or Solana's wrapped-SOL mint); `null` when
   * the native token has no address.
   */
  readonly nativeAddress: string | null;
  /** `base58` for Solana's mints, `evm` for `0x` addresses. */
  readonly addressForm: "evm" | "base58";
  /** The EVM chain id (`1`), or `null` for a chain that is not EVM. */
  readonly chainId: number | null;
}

/** The wrapped-SOL mint: where the gateway keeps Solana's native token. */
export const SOLANA_NATIVE_MINT = "So11111111111111111111111111111111111111112";

function chainInfo(
  chain: Chain,
  label: string,
  chainId: number | null,
  explorer: Explorer | null,
  more: Partial<Pick<ChainInfo, "testnet" | "logoIcon" | "nativeAddress" | "addressForm">> = {},
): ChainInfo {
  return {
    chain,
    urlName: chain.toLowerCase(),
    label,
    testnet: more.testnet ?? false,
    explorer,
    logoIcon: more.logoIcon ?? null,
    nativeAddress: more.nativeAddress ?? null,
    addressForm: more.addressForm ?? "evm",
    chainId,
  };
}

/**
 * Every chain of the gateway's `Chain` enum but `UNKNOWN_CHAIN`, in product
 * order: mainnets first (the order the selector lists them), then testnets.
 */
export const CHAINS: readonly ChainInfo[] = [
  chainInfo("ETHEREUM", "Ethereum", 1, { name: "Etherscan", url: "https://etherscan.io" }),
  chainInfo("UNICHAIN", "Unichain", 130, { name: "Uniscan", url: "https://uniscan.xyz" }, { logoIcon: "unichain" }),
  chainInfo("BASE", "Base", 8453, { name: "Basescan", url: "https://basescan.org" }, { logoIcon: "base" }),
  chainInfo("ARBITRUM", "Arbitrum", 42161, { name: "Arbiscan", url: "https://arbiscan.io" }, {
    logoIcon: "arbitrum-one",
  }),
  chainInfo("POLYGON", "Polygon", 137, { name: "PolygonScan", url: "https://polygonscan.com" }, {
    logoIcon: "polygon",
    nativeAddress: "0x0000000000000000000000000000000000001010",
  }),
  chainInfo("OPTIMISM", "Optimism", 10, { name: "Optimistic Etherscan", url: "https://optimistic.etherscan.io" }, {
    logoIcon: "optimism",
  }),
  chainInfo("BNB", "BNB Chain", 56, { name: "BscScan", url: "https://bscscan.com" }, { logoIcon: "bnb" }),
  chainInfo("AVALANCHE", "Avalanche", 43114, { name: "Snowtrace", url: "https://snowtrace.io" }, {
    logoIcon: "avalanche",
  }),
  chainInfo("SOLANA", "Solana", null, { name: "Solscan", url: "https://solscan.io", accountPath: "account" }, {
    nativeAddress: SOLANA_NATIVE_MINT,
    addressForm: "base58",
  }),
  chainInfo("WORLDCHAIN", "World Chain", 480, { name: "Worldscan", url: "https://worldscan.org" }),
  chainInfo("ZKSYNC", "ZKsync", 324, { name: "ZKsync Explorer", url: "https://explorer.zksync.io" }, {
    logoIcon: "zksync",
  }),
  chainInfo("ZORA", "Zora", 7777777, { name: "Zora Explorer", url: "https://explorer.zora.energy" }, {
    logoIcon: "zora",
  }),
  chainInfo("CELO", "Celo", 42220, { name: "Celoscan", url: "https://celoscan.io" }, {
    logoIcon: "celo",
    nativeAddress: "0x471EcE3750Da237f93B8E339c536989b8978a438",
  }),
  chainInfo("BLAST", "Blast", 81457, { name: "Blastscan", url: "https://blastscan.io" }, { logoIcon: "blast" }),
  chainInfo("SONEIUM", "Soneium", 1868, { name: "Soneium Explorer", url: "https://soneium.blockscout.com" }),
  chainInfo("ETHEREUM_SEPOLIA", "Sepolia", 11155111, { name: "Etherscan", url: "https://sepolia.etherscan.io" }, {
    testnet: true,
  }),
  chainInfo("ASTROCHAIN_SEPOLIA", "Unichain Sepolia", 1301, { name: "Uniscan", url: "https://sepolia.uniscan.xyz" }, {
    testnet: true,
  }),
  chainInfo("BASE_SEPOLIA", "Base Sepolia", 84532, { name: "Basescan", url: "https://sepolia.basescan.org" }, {
    testnet: true,
  }),
  chainInfo("ARBITRUM_SEPOLIA", "Arbitrum Sepolia", 421614, { name: "Arbiscan", url: "https://sepolia.arbiscan.io" }, {
    testnet: true,
  }),
  chainInfo("MONAD_TESTNET", "Monad Testnet", 10143, {
    name: "Monad Explorer",
    url: "https://testnet.monadexplorer.com",
  }, { testnet: true }),
  chainInfo("ETHEREUM_GOERLI", "Goerli", 5, null, { testnet: true }),
];

const BY_CHAIN: ReadonlyMap<string, ChainInfo> = new Map(CHAINS.map((c) => [c.chain, c]));

/** The chain pages default to. */
export const DEFAULT_CHAIN: Chain = "ETHEREUM";

/** Whether the value is a value of the `Chain` enum. */
export function isChain(value: string): value is Chain {
  return BY_CHAIN.has(value) || value === "UNKNOWN_CHAIN";
}

/**
 * The gateway chain of a chain name from a URL (`ethereum` -> `ETHEREUM`):
 * upper-cased, nothing else (no trimming, no aliases); `null` when it is not
 * a supported chain.
 */
export function parseChain(chainName: string): Chain | null {
  const upper = chainName.toUpperCase();
  return isChain(upper) ? upper : null;
}

/** The chain of a URL name, or the default chain when it is missing; `null` for an unknown name. */
export function chainFromUrl(chainName: string | null | undefined): Chain | null {
  if (!chainName) return DEFAULT_CHAIN;
  return parseChain(chainName);
}

/** What the product knows of a chain (enum value, exact case), or `undefined` (`UNKNOWN_CHAIN`, anything else). */
export function chainInfoOf(chain: string): ChainInfo | undefined {
  return BY_CHAIN.get(chain);
}

/** The chain's URL name: `ETHEREUM` -> `ethereum`. */
export function chainUrlName(chain: string): string {
  return chain.toLowerCase();
}

/** The chain's display name: `BNB` -> `BNB Chain`; other values are made readable (`UNKNOWN_CHAIN` -> `Unknown chain`). */
export function chainLabel(chain: string): string {
  return BY_CHAIN.get(chain)?.label ?? chain.charAt(0) + chain.slice(1).toLowerCase().replaceAll("_", " ");
}

/** The block explorer of a chain (any case), or `null` when it has none. */
export function chainExplorer(chain: string): Explorer | null {
  return BY_CHAIN.get(chain.toUpperCase())?.explorer ?? null;
}

/** What an explorer link points at. */
export type ExplorerTarget = "address" | "token" | "tx";

/**
 * The block-explorer page of an address, token or transaction on a chain
 * (`https://etherscan.io/address/0x...`), or `null` when the chain has no
 * explorer or the value is not one an explorer has a page for (a V4 pool id).
 */
export function explorerUrl(chain: string, value: string, target: ExplorerTarget = "address"): string | null {
  const explorer = chainExplorer(chain);
  if (!explorer) return null;
  if (target === "tx" ? !isTransactionHash(value) : !isAccountAddress(value)) return null;
  const path = target === "tx" ? "tx" : target === "token" ? "token" : explorer.accountPath ?? "address";
  return `${explorer.url}/${path}/${value}`;
}

/** Whether the chain's token addresses are base58 mints (Solana) rather than 0x addresses. */
export function usesMintAddresses(chain: Chain): boolean {
  return BY_CHAIN.get(chain)?.addressForm === "base58";
}

/**
 * Where the gateway keeps the native token of chains whose native token also
 * has a token address (CELO, POLYGON, SOLANA). Other chains have no address
 * for it.
 */
export const NATIVE_TOKEN_ADDRESSES: Readonly<Partial<Record<Chain, string>>> = Object.fromEntries(
  CHAINS.flatMap((c) => c.nativeAddress ? [[c.chain, c.nativeAddress]] : []),
);

/**
 * The `address` variable of the `Token` query for an address from a URL. The
 * placeholder `NATIVE` (any case) is the chain's native token: its ERC-20
 * address on CELO and POLYGON, the wrapped-SOL mint on SOLANA, `undefined`
 * (no address: the native token) on other chains. Anything else must be an
 * address of the chain: a base58 mint on SOLANA (case kept), `0x` and 40 hex
 * digits elsewhere.
 *
 * @throws {InvalidAddressError} when it is neither `NATIVE` nor an address of the chain
 */
export function resolveTokenAddress(chain: Chain, address: string): string | undefined {
  if (isNativePlaceholder(address)) return NATIVE_TOKEN_ADDRESSES[chain];
  return usesMintAddresses(chain) ? parseMintAddress(address) : parseAddress(address);
}

/** Link to a token page: `/explore/tokens/{chain}/{address}`, with `NATIVE` for a token without an address. */
export function tokenHref(chain: string, address: string | null | undefined): string {
  return `/explore/tokens/${chainUrlName(chain)}/${address ?? NATIVE_PLACEHOLDER}`;
}

/** Link to a pool page: `/explore/pools/{chain}/{address or pool id}`. */
export function poolHref(chain: string, address: string): string {
  return `/explore/pools/${chainUrlName(chain)}/${address}`;
}

// --- EVM chains the wallet can act on -------------------------------------

/** The Uniswap contracts of one chain. */
export interface UniswapContracts {
  /** The wrapped native token (WETH9). */
  readonly wrappedNative: Address;
  readonly v2Factory: Address;
  /** `UniswapV2Router02`. */
  readonly v2Router: Address;
  readonly v3Factory: Address;
  /** The V3 `SwapRouter` (exact input/output, multicall, WETH unwrap and refund). */
  readonly v3SwapRouter: Address;
  readonly v3QuoterV2: Address;
  readonly v3PositionManager: Address;
  readonly v3TickLens: Address;
  /**
   * `SwapRouter02` (V2 and V3 swaps, one `multicall` with a deadline): the
   * router of split routes, whose legs may be on both protocols.
   */
  readonly swapRouter02: Address;
  /**
   * `Multicall3` (`aggregate3` and friends): many reads in one `eth_call`, at
   * the same address on every chain (viem's `multicall` reads it from here).
   */
  readonly multicall3: Address;
}

/** A chain the wallet can act on. */
export interface EvmChain {
  /** The gateway's `Chain` enum value, e.g. `ETHEREUM`. */
  readonly chain: Chain;
  /** URL name, e.g. `ethereum`: also the suffix of `RPC_URL_ETHEREUM`. */
  readonly urlName: string;
  readonly chainId: number;
  readonly label: string;
  readonly nativeCurrency: { readonly name: string; readonly symbol: string; readonly decimals: number };
  /** Block explorer origin, or `null` (the local chain has none). */
  readonly explorer: string | null;
  readonly contracts: UniswapContracts;
}

/** Uniswap's canonical Ethereum deployments (also used on the demo chain). */
export const ETHEREUM_CONTRACTS: UniswapContracts = {
  wrappedNative: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
  v2Factory: "0x5C69bEe701ef814a2B6a3EDD4B1652CB9cc5aA6f",
  v2Router: "0x7a250d5630B4cF539739dF2C5dAcb4c659F2488D",
  v3Factory: "0x1F98431c8aD98523631AE4a59f267346ea31F984",
  v3SwapRouter: "0xE592427A0AEce92De3Edee1F18E0157C05861564",
  v3QuoterV2: "0x61fFE014bA17989E743c5F6cB21bF9697530B21e",
  v3PositionManager: "0xC36442b4a4522E871399CD717aBDD847Ab11FE88",
  v3TickLens: "0xbfd8137f7d1516D3ea5cA83523914859ec47F573",
  swapRouter02: "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45",
  multicall3: "0xcA11bde05977b3631167028862bE2a173976CA11",
};

function evmChain(
  chain: Chain,
  nativeCurrency: EvmChain["nativeCurrency"],
  contracts: UniswapContracts,
): EvmChain {
  const info = BY_CHAIN.get(chain)!;
  return {
    chain,
    urlName: info.urlName,
    chainId: info.chainId!,
    label: info.label,
    nativeCurrency,
    explorer: info.explorer?.url ?? null,
    contracts,
  };
}

/** Chains with a known Uniswap deployment, by URL name. */
export const EVM_CHAINS: Readonly<Record<string, EvmChain>> = {
  ethereum: evmChain("ETHEREUM", { name: "Ether", symbol: "ETH", decimals: 18 }, ETHEREUM_CONTRACTS),
};

/**
 * The explorer link of a transaction on a wallet chain: {@linkcode explorerUrl}'s, or `null` when the chain has no
 * explorer (the demo chain) or the hash is not one.
 */
export function explorerTxUrl(chain: EvmChain, hash: string): string | null {
  return chain.explorer ? explorerUrl(chain.chain, hash, "tx") : null;
}

/** The explorer link of an address on a wallet chain: {@linkcode explorerUrl}'s, or `null` as above. */
export function explorerAddressUrl(chain: EvmChain, address: string): string | null {
  return chain.explorer ? explorerUrl(chain.chain, address, "address") : null;
}
