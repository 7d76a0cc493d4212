/**
 * What the wallet store and the WalletConnect session (loaded only when
 * WalletConnect is used) share: the pairing's state and the store as the
 * session sees it. Apart from both, so neither imports the other for it.
 *
 * @module
 */
import type { Config } from "@wagmi/core";
import type { RpcDirectory } from "../../lib/rpc_directory.ts";

/**
 * WalletConnect in the header, when the service publishes a project id:
 * `idle` (nothing asked), `starting` (loading, reaching the relay),
 * `waiting` (the pairing `uri` is shown, waiting for the wallet), `rejected`,
 * `unreachable` (the relay cannot be reached; the client keeps retrying) or
 * `failed` (`message` says why, in plain words).
 */
export interface WalletConnectState {
  readonly status: "idle" | "starting" | "waiting" | "rejected" | "unreachable" | "failed";
  readonly uri: string | null;
  readonly message: string | null;
}

/** The store as `walletconnect_session.ts` sees it (it is loaded only when WalletConnect is used). */
export interface WalletConnectHost {
  config(): Config;
  /** This page's origin (the proxy's absolute URLs, the app's metadata). */
  origin(): string;
  directory(): RpcDirectory;
  state(): WalletConnectState | null;
  update(patch: Partial<WalletConnectState>): void;
  /** Back to `idle` (the dialog's state once connected or cancelled). */
  idle(): void;
  /** Re-reads wagmi's connection into the store. */
  sync(): void;
  clearError(): void;
}
