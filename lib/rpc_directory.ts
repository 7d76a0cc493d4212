/**
 * What `GET /rpc` tells the app: the chains the wallet can act on and the
 * WalletConnect settings. The server's JSON-RPC proxy answers it and the
 * wallet reads it, so the shape lives here, below both.
 *
 * @module
 */
import type { EvmChain } from "./chains.ts";

/** A chain as `GET /rpc` describes it to the app. */
export interface PublicChain extends EvmChain {
  /** Same-origin path of the proxy, e.g. `/rpc/ethereum`. */
  readonly rpcPath: string;
  readonly local: boolean;
}

/** What `GET /rpc` answers. */
export interface RpcDirectory {
  readonly chains: readonly PublicChain[];
  readonly walletConnectProjectId: string | null;
  /** The relay WalletConnect connects to; `null` exactly when the project id is. */
  readonly walletConnectRelayUrl: string | null;
}
