/**
 * The demo chain as the service's {@linkcode ChainPort}: a local EVM node
 * with the Uniswap contracts, served as the `ethereum` target of `/rpc`
 * under the demo chain id. On a free port it deploys in the background, so
 * the service listens (and draws its first image) without waiting for it;
 * only `/rpc` waits. Only `server.ts` imports this module.
 *
 * @module
 */
import { DEMO_EVM_CHAIN } from "../lib/chains.ts";
import { logger } from "../server/log.ts";
import type { ChainPort } from "../server/ports.ts";
import type { RpcTarget } from "../server/proxies/rpc_proxy.ts";
import { startDemoChain } from "./mod.ts";

/** Starts the demo chain on `port` (0: a free one), as a chain port. */
export function startDemoChainPort(port: number): ChainPort {
  const chain = startDemoChain({ port });
  const targets = chain.then((started): Record<string, RpcTarget> => {
    logger.info(`Demo chain JSON-RPC on ${started.url} (chain id ${started.chainId})`);
    return { [DEMO_EVM_CHAIN.urlName]: { url: started.url, chain: DEMO_EVM_CHAIN, local: true } };
  });
  targets.catch(() => {/* reported where it is awaited */});
  return {
    targets,
    close: () => chain.then((started) => started.close(), () => {}),
  };
}
