/**
 * Moved: the wallet's EVM chains are part of the one chain table,
 * `lib/chains.ts`; `Address` is `lib/address.ts`, `V3_FEE_TIERS`
 * `lib/fees.ts`. This re-export stays only until the last importer has
 * moved; import those modules instead.
 *
 * @module
 */
export type { Address } from "./address.ts";
export { V3_FEE_TIERS } from "./fees.ts";
export {
  DEMO_CHAIN_ID,
  DEMO_EVM_CHAIN,
  ETHEREUM_CONTRACTS,
  EVM_CHAINS,
  type EvmChain,
  explorerAddressUrl,
  explorerTxUrl,
  type UniswapContracts,
} from "./chains.ts";
