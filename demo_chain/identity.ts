/**
 * The demo chain as the wallet sees it: Ethereum's tokens and Uniswap
 * contracts at Ethereum's addresses, under {@linkcode DEMO_CHAIN_ID}. Demo
 * code, so it lives with the demo: the server learns of it only through the
 * chain port (`port.ts`), and the app through `GET /rpc`.
 *
 * @module
 */
import { EVM_CHAINS, type EvmChain } from "../lib/chains.ts";

/** Chain id of the local demo chain (the development default, as Hardhat and Anvil use). */
export const DEMO_CHAIN_ID = 31337;

/**
 * The local demo chain: Ethereum's tokens and contracts at Ethereum's
 * addresses, under {@linkcode DEMO_CHAIN_ID} (so that a transaction signed for
 * it can never be replayed on a public chain), with no explorer.
 */
export const DEMO_EVM_CHAIN: EvmChain = {
  ...EVM_CHAINS.ethereum,
  chainId: DEMO_CHAIN_ID,
  label: "Uniswap demo chain",
  explorer: null,
};
