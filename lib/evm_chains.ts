/**
 * The EVM chains the wallet can act on: chain ids, native currency, explorer
 * and the Uniswap contracts of each. The local demo chain (`demo_chain/`)
 * deploys the same contracts at the same addresses as Ethereum, under its own
 * chain id ({@link DEMO_CHAIN_ID}), so that a transaction signed for it can
 * never be replayed on a public chain.
 *
 * Used by the RPC proxy (which chains exist), the demo chain (where to
 * deploy) and the app (what to call).
 *
 * @module
 */

/** An EVM address, `0x` and 40 hex digits. */
export type Address = `0x${string}`;

/** Chain id of the local demo chain (the development default, as Hardhat and Anvil use). */
export const DEMO_CHAIN_ID = 31337;

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
}

/** A chain the wallet can act on. */
export interface EvmChain {
  /** The gateway's `Chain` enum value, e.g. `ETHEREUM`. */
  readonly chain: string;
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
};

/** Chains with a known Uniswap deployment, by URL name. */
export const EVM_CHAINS: Readonly<Record<string, EvmChain>> = {
  ethereum: {
    chain: "ETHEREUM",
    urlName: "ethereum",
    chainId: 1,
    label: "Ethereum",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    explorer: "https://etherscan.io",
    contracts: ETHEREUM_CONTRACTS,
  },
};

/**
 * The local demo chain: Ethereum's tokens and contracts at Ethereum's
 * addresses, under {@link DEMO_CHAIN_ID}, with no explorer.
 */
export const DEMO_EVM_CHAIN: EvmChain = {
  ...EVM_CHAINS.ethereum,
  chainId: DEMO_CHAIN_ID,
  label: "Uniswap demo chain",
  explorer: null,
};

/** V3 fee tiers (hundredths of a basis point) and their tick spacing. */
export const V3_FEE_TIERS: readonly { readonly fee: number; readonly tickSpacing: number }[] = [
  { fee: 100, tickSpacing: 1 },
  { fee: 500, tickSpacing: 10 },
  { fee: 3000, tickSpacing: 60 },
  { fee: 10000, tickSpacing: 200 },
];

/** The explorer link of a transaction, or `null` without an explorer. */
export function explorerTxUrl(chain: EvmChain, hash: string): string | null {
  return chain.explorer ? `${chain.explorer}/tx/${hash}` : null;
}

/** The explorer link of an address, or `null` without an explorer. */
export function explorerAddressUrl(chain: EvmChain, address: string): string | null {
  return chain.explorer ? `${chain.explorer}/address/${address}` : null;
}
