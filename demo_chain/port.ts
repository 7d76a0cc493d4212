/**
 * The demo chain as the service's {@linkcode ChainPort}: a local EVM node
 * with the Uniswap contracts, served as the `ethereum` target of `/rpc`
 * under the demo chain id, supervised (`supervisor.ts`: restarted on the same
 * port from its state file when it dies, its health on `/rpc` answers). On a
 * free port it starts (and deploys, the first time) in the background, so
 * the service listens (and draws its first image) without waiting for it;
 * only `/rpc` waits. Only `server.ts` imports this module.
 *
 * @module
 */
import { DEMO_EVM_CHAIN } from "./identity.ts";
import { logger } from "../server/log.ts";
import type { ChainPort } from "../server/ports.ts";
import type { RpcTarget } from "../server/proxies/rpc_proxy.ts";
import { startSupervisedDemoChain } from "./supervisor.ts";

/** Starts the supervised demo chain on `port` (0: a free one), as a chain port. */
export function startDemoChainPort(port: number, stateFile: string | null = null): ChainPort {
  const chain = startSupervisedDemoChain({ port, stateFile: stateFile ?? undefined });
  const targets = chain.then((started): Record<string, RpcTarget> => {
    logger.info(`Demo chain JSON-RPC on ${started.url} (chain id ${started.chainId})`);
    return { [DEMO_EVM_CHAIN.urlName]: { url: started.url, chain: DEMO_EVM_CHAIN, local: true } };
  });
  targets.catch(() => {/* reported where it is awaited */});
  let current: Awaited<typeof chain> | null = null;
  chain.then((started) => current = started, () => {});
  return {
    targets,
    health: (name) => name !== DEMO_EVM_CHAIN.urlName ? "ready" : current?.health() ?? "starting",
    close: () => chain.then((started) => started.close(), () => {}),
  };
}
