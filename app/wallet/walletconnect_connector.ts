/**
 * The WalletConnect wallet of the header: a wagmi connector over
 * `@walletconnect/universal-provider` (no AppKit, no modal: the QR code is our
 * own dialog, `walletconnect_dialog.tsx`).
 *
 * `wallet_store.ts` loads this module with a dynamic `import()` only when the
 * service publishes a WalletConnect project id (`GET /rpc`) and the visitor
 * picks WalletConnect, or a session of an earlier visit is being restored
 * (`walletconnect_mark.ts`); the provider library is loaded by
 * `getProvider()` in its own chunk.
 *
 * - The session asks for the `eip155` namespace on the chains `GET /rpc`
 *   lists (optional namespaces: the wallet approves those it has); reads go to
 *   the same-origin `/rpc/{chain}` proxy (`rpcMap`), signing to the wallet.
 * - The pairing URI is passed on as a wagmi `message` (`display_uri`); the
 *   relay's state as `relay` messages (`connected` / `disconnected`, also
 *   checked on the client's 5 s heartbeat), so the dialog can say "relay
 *   unreachable" while the client retries.
 * - Telemetry is off (`telemetryEnabled: false`) and the Verify API's hidden
 *   iframe is not used (`core.verify.register` answers "no attestation"):
 *   with the relay, nothing else is contacted. The wallet then shows the site
 *   as not verified.
 *
 * @module
 */
import { createConnector } from "@wagmi/core";
import { type Address, getAddress, numberToHex, type ProviderConnectInfo } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { hasWalletConnectSession, markWalletConnectSession as markSession } from "./walletconnect_mark.ts";

type UniversalProvider = InstanceType<typeof import("@walletconnect/universal-provider").UniversalProvider>;

/** The connector's id (wagmi's `recentConnectorId`). */
export const WALLETCONNECT_ID = "walletConnect";

/** Methods and events the session asks for. */
const METHODS = [
  "eth_sendTransaction",
  "personal_sign",
  "eth_signTypedData_v4",
  "wallet_switchEthereumChain",
  "wallet_addEthereumChain",
];
const EVENTS = ["chainChanged", "accountsChanged"];

/** Options of {@linkcode walletConnect}. */
export interface WalletConnectOptions {
  readonly projectId: string;
  /** `WALLETCONNECT_RELAY_URL` as `GET /rpc` published it. */
  readonly relayUrl: string;
  /** The chains `GET /rpc` lists. */
  readonly chains: readonly PublicChain[];
  /** This page's origin: the proxy's absolute URLs and the app's metadata. */
  readonly origin: string;
}

/** The UniversalProvider, telemetry and Verify off, relay state and pairing URI reported through `on`. */
async function loadProvider(
  options: WalletConnectOptions,
  on: { onDisplayUri: (uri: string) => void; onRelayUp: () => void; onRelayDown: () => void },
): Promise<UniversalProvider> {
  const { onDisplayUri, onRelayUp, onRelayDown } = on;
  const { UniversalProvider } = await import("@walletconnect/universal-provider");
  const p = await UniversalProvider.init({
    projectId: options.projectId,
    relayUrl: options.relayUrl,
    telemetryEnabled: false,
    disableProviderPing: true,
    logger: "silent",
    metadata: {
      name: "Uniswap",
      description: "Swap and provide liquidity",
      url: options.origin,
      icons: [`${options.origin}/favicon.ico`],
    },
  });
  // The Verify API would load a hidden iframe from verify.walletconnect.org for every proposal and request.
  p.client.core.verify.register = () => Promise.resolve("");
  const relayer = p.client.core.relayer;
  relayer.on("relayer_connect", onRelayUp);
  relayer.on("relayer_disconnect", onRelayDown);
  // A connection attempt that fails before opening emits no relayer event: the client's own heartbeat (5 s)
  // reports it, from the flag its connect loop sets on every failed attempt and clears on success.
  p.client.core.heartbeat.on("heartbeat_pulse", () => {
    const failed = (relayer as unknown as { hasExperiencedNetworkDisruption?: boolean })
      .hasExperiencedNetworkDisruption;
    if (!relayer.connected && failed) onRelayDown();
  });
  p.on("display_uri", onDisplayUri);
  return p;
}

/** Pairs a new session on the chains served here (their RPC through the proxy); `setCancel` gets its abort. */
async function pair(
  p: UniversalProvider,
  options: WalletConnectOptions,
  setCancel: (cancel: (() => void) | null) => void,
): Promise<void> {
  const rpcMap = Object.fromEntries(
    options.chains.map((c) => [String(c.chainId), `${options.origin}${c.rpcPath}`]),
  );
  const cancelled = new Promise<never>((_, reject) => {
    setCancel(() => reject(Object.assign(new Error("Pairing cancelled"), { code: 4001 })));
  });
  try {
    await Promise.race([
      p.connect({
        optionalNamespaces: {
          eip155: {
            chains: options.chains.map((c) => `eip155:${c.chainId}`),
            methods: METHODS,
            events: EVENTS,
            rpcMap,
          },
        },
      }),
      cancelled,
    ]);
  } finally {
    setCancel(null);
  }
}

/** The WalletConnect connector (see the module documentation). */
export function walletConnect(options: WalletConnectOptions) {
  let provider: Promise<UniversalProvider> | null = null;
  let listening: UniversalProvider | null = null;
  /** Ends the pairing in progress (the dialog was closed). */
  let cancel: (() => void) | null = null;
  type Self = ReturnType<Parameters<typeof createConnector<UniversalProvider, { cancelPairing(): void }>>[0]>;

  return createConnector<UniversalProvider, { cancelPairing(): void }>((config) => {
    const onDisplayUri = (uri: string) => config.emitter.emit("message", { type: "display_uri", data: uri });
    const onRelayUp = () => config.emitter.emit("message", { type: "relay", data: "connected" });
    const onRelayDown = () => config.emitter.emit("message", { type: "relay", data: "disconnected" });
    const onAccounts = (accounts: string[]) => self.onAccountsChanged(accounts);
    const onChain = (chainId: string | number) => self.onChainChanged(String(chainId));
    const onSessionDelete = () => self.onDisconnect();

    const load = () => loadProvider(options, { onDisplayUri, onRelayUp, onRelayDown });

    function listen(p: UniversalProvider): void {
      if (listening === p) return;
      listening = p;
      p.on("accountsChanged", onAccounts);
      p.on("chainChanged", onChain);
      p.on("session_delete", onSessionDelete);
    }

    function unlisten(p: UniversalProvider): void {
      p.removeListener("accountsChanged", onAccounts);
      p.removeListener("chainChanged", onChain);
      p.removeListener("session_delete", onSessionDelete);
      listening = null;
    }

    const self: Self = {
      id: WALLETCONNECT_ID,
      name: "WalletConnect",
      type: "walletConnect",

      async connect({ chainId, isReconnecting } = {}) {
        const p = await self.getProvider();
        if (!p.session) {
          if (isReconnecting) throw new Error("No WalletConnect session to restore");
          await pair(p, options, (c) => void (cancel = c));
        }
        markSession(true);
        listen(p);
        let accounts = await self.getAccounts();
        let current = await self.getChainId();
        if (chainId && chainId !== current && p.session) {
          const chain = await self.switchChain!({ chainId }).catch(() => null);
          if (chain) {
            current = chain.id;
            accounts = await self.getAccounts();
          }
        }
        return { accounts, chainId: current } as never;
      },

      async disconnect() {
        const p = await self.getProvider();
        unlisten(p);
        markSession(false);
        if (p.session) await p.disconnect().catch(() => {});
      },

      async getAccounts(): Promise<readonly Address[]> {
        const p = await self.getProvider();
        if (!p.session) return [];
        const accounts = await p.request<string[]>({ method: "eth_accounts" });
        return accounts.map((a) => getAddress(a));
      },

      async getChainId() {
        const p = await self.getProvider();
        return Number(await p.request<number | string>({ method: "eth_chainId" }));
      },

      getProvider() {
        provider ??= load().catch((error) => {
          provider = null;
          throw error;
        });
        return provider;
      },

      async isAuthorized() {
        // Without a mark, nothing to restore: the library is not even loaded.
        if (!hasWalletConnectSession()) return false;
        try {
          const p = await self.getProvider();
          if (!p.session) {
            markSession(false);
            return false;
          }
          return (await self.getAccounts()).length > 0;
        } catch {
          return false;
        }
      },

      async switchChain({ chainId }) {
        const chain = config.chains.find((c) => c.id === chainId);
        if (!chain) throw new Error(`Chain ${chainId} is not served here`);
        const p = await self.getProvider();
        await p.request({ method: "wallet_switchEthereumChain", params: [{ chainId: numberToHex(chainId) }] });
        config.emitter.emit("change", { chainId });
        return chain;
      },

      onAccountsChanged(accounts) {
        if (accounts.length === 0) self.onDisconnect();
        else config.emitter.emit("change", { accounts: accounts.map((a) => getAddress(a)) });
      },

      onChainChanged(chainId) {
        config.emitter.emit("change", { chainId: Number(chainId) });
      },

      onConnect(_info: ProviderConnectInfo) {},

      cancelPairing() {
        cancel?.();
      },

      onDisconnect() {
        markSession(false);
        if (listening) unlisten(listening);
        config.emitter.emit("disconnect");
      },
    } as Self;
    return self;
  });
}
