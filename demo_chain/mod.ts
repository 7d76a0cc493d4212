/**
 * The local demo chain: an Anvil node (`anvil.ts`) with Uniswap V2, V3 and
 * V4, Multicall3, the demo gateway's Ethereum tokens and pools, and ten funded
 * development accounts, served as JSON-RPC over HTTP on loopback. What the
 * rest of the project imports (`start.ts` starts one, `supervisor.ts` keeps
 * one running).
 *
 * @module
 */
export { DEMO_CHAIN_ID, DEMO_EVM_CHAIN } from "./identity.ts";
export { DEPLOYER, DEV_ACCOUNTS, DEV_MNEMONIC } from "./accounts.ts";
export { type EvmNode, RpcCallError } from "./rpc.ts";
export {
  type ChildDemoChain,
  type DemoChain,
  type DemoChainExit,
  type DemoChainOptions,
  type DeployReport,
  startDemoChain,
} from "./start.ts";
export {
  type ChainHealth,
  residentBytesOf,
  startSupervisedDemoChain,
  type SupervisedDemoChain,
  type SupervisedDemoChainOptions,
} from "./supervisor.ts";
