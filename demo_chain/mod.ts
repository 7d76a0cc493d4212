/**
 * The local demo chain: an in-process EVM node (EDR) with Uniswap V2 and V3,
 * the demo gateway's Ethereum tokens and pools, and ten funded development
 * accounts, served as JSON-RPC over HTTP on loopback.
 *
 * @example
 * ```ts
 * const chain = await startDemoChain({ port: 0 });
 * console.log(chain.url, chain.chainId); // http://127.0.0.1:PORT 31337
 * await chain.close();
 * ```
 *
 * @module
 */
import { ConfigError } from "../lib/config.ts";
import { DEMO_CHAIN_ID } from "../lib/chains.ts";
import { DEPLOYER, DEV_ACCOUNTS, DEV_NATIVE_BALANCE } from "./accounts.ts";
import { deployDemo, type DeployReport } from "./deploy.ts";
import { createNode, type EvmNode } from "./node.ts";
import { demoPlan } from "./plan.ts";
import { serveJsonRpc } from "./http.ts";

export { DEMO_CHAIN_ID } from "../lib/evm_chains.ts";
export { DEPLOYER, DEV_ACCOUNTS, DEV_MNEMONIC } from "./accounts.ts";

/** Options of {@link startDemoChain}. */
export interface DemoChainOptions {
  /** Port on 127.0.0.1 (0: a free port). Default 0. */
  readonly port?: number;
  /** Interface to listen on; default `127.0.0.1`. */
  readonly hostname?: string;
}

/** A running demo chain. */
export interface DemoChain {
  /** JSON-RPC endpoint, `http://127.0.0.1:PORT`. */
  readonly url: string;
  readonly chainId: number;
  /** The node itself, for in-process callers (tests). */
  readonly node: EvmNode;
  /** What was deployed at start. */
  readonly report: DeployReport;
  /** Stops the HTTP server; the node's memory is released with it. */
  close(): Promise<void>;
}

/** Starts a fresh demo chain: genesis, deployment, then the HTTP server. */
export async function startDemoChain(options: DemoChainOptions = {}): Promise<DemoChain> {
  const node = await createNode({
    chainId: DEMO_CHAIN_ID,
    balances: [
      ...DEV_ACCOUNTS.map((address) => ({ address, balance: DEV_NATIVE_BALANCE })),
      { address: DEPLOYER, balance: 10n ** 9n * 10n ** 18n },
    ],
  });
  const report = await deployDemo(node, demoPlan());
  let server;
  try {
    server = await serveJsonRpc(node, { hostname: options.hostname ?? "127.0.0.1", port: options.port ?? 0 });
  } catch (error) {
    if (error instanceof Deno.errors.AddrInUse) {
      throw new ConfigError(`Cannot listen on DEMO_CHAIN_PORT ${options.port}: the address is already in use`);
    }
    throw error;
  }
  return {
    url: server.url,
    chainId: DEMO_CHAIN_ID,
    node,
    report,
    close: () => server.close(),
  };
}
