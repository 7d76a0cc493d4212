/**
 * The WalletConnect side of the wallet store, imported by `wallet_store.ts`
 * only when the visitor picks WalletConnect or a session is to be restored:
 * it adds the connector (`walletconnect_connector.ts`) to the wagmi config,
 * runs the pairing and turns its events into the dialog's state
 * (`WalletState.walletConnect`).
 *
 * wagmi has no public call to add a connector after `createConfig`:
 * `config._internal.connectors` is the one its own EIP-6963 discovery uses.
 *
 * @module
 */
import { connect, type Connector } from "@wagmi/core";
import { walletConnect } from "./walletconnect_connector.ts";
import type { WalletConnectHost, WalletConnectState } from "./walletconnect_types.ts";

let connector: Connector | null = null;
/** The pairing in progress (Escape or close cancels it). */
let pairing: { cancelled: boolean } | null = null;

/** Adds the WalletConnect connector to the config once (the provider library loads when it first needs it). */
export function addWalletConnect(host: WalletConnectHost): Connector {
  if (connector) return connector;
  const { walletConnectProjectId, walletConnectRelayUrl, chains } = host.directory();
  const config = host.config();
  const added = config._internal.connectors.setup(walletConnect({
    projectId: walletConnectProjectId!,
    relayUrl: walletConnectRelayUrl!,
    chains,
    origin: host.origin(),
  }));
  config._internal.connectors.setState((list) => [...list, added]);
  added.emitter.on("message", ({ type, data }) => {
    if (!pairing || pairing.cancelled) return;
    if (type === "display_uri") host.update({ status: "waiting", uri: String(data), message: null });
    if (type === "relay" && data === "disconnected") {
      host.update({ status: "unreachable", message: "The WalletConnect relay cannot be reached. Retrying…" });
    }
    const now = host.state();
    if (type === "relay" && data === "connected" && now?.status === "unreachable") {
      host.update({ status: now.uri ? "waiting" : "starting", message: null });
    }
  });
  connector = added;
  return added;
}

/** What went wrong with WalletConnect, in plain words (never a stack). */
export function walletConnectProblem(error: unknown): Pick<WalletConnectState, "status" | "message"> {
  const e = error as { code?: number; message?: string } | null;
  const text = `${e?.message ?? ""}`;
  if (e?.code === 5000 || e?.code === 4001 || /reject/i.test(text)) {
    return { status: "rejected", message: "The wallet rejected the connection." };
  }
  if (/socket|relay|publish|subscrib|network|internet/i.test(text)) {
    return { status: "unreachable", message: "The WalletConnect relay cannot be reached." };
  }
  if (/expired/i.test(text)) return { status: "failed", message: "The QR code expired before a wallet answered." };
  return { status: "failed", message: "The connection did not complete." };
}

/** Pairs through WalletConnect and waits for the wallet's approval (the host shows the URI meanwhile). */
export async function pairWalletConnect(host: WalletConnectHost): Promise<void> {
  const attempt = { cancelled: false };
  pairing = attempt;
  try {
    const added = addWalletConnect(host);
    await connect(host.config(), { connector: added });
    if (!attempt.cancelled) host.idle();
  } catch (error) {
    if (!attempt.cancelled) host.update({ ...walletConnectProblem(error), uri: null });
  } finally {
    if (pairing === attempt) pairing = null;
    host.sync();
  }
}

/** Abandons the pairing in progress: its QR code no longer counts. */
export function cancelWalletConnect(): void {
  if (pairing) pairing.cancelled = true;
  pairing = null;
  (connector as (Connector & { cancelPairing?(): void }) | null)?.cancelPairing?.();
}
