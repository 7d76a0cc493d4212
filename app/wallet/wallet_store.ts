/**
 * The wallet connection of the browser, one per page: the chains the service
 * offers (`GET /rpc`), a `@wagmi/core` config with every EIP-6963 wallet
 * (mipd discovery) and the legacy `window.ethereum`, and a small store that
 * React reads with {@link useWallet}. Reads go through the service's `/rpc/`
 * proxy; signing always goes through the wallet.
 *
 * WalletConnect, when `GET /rpc` publishes a project id: the state offers it
 * (`walletConnect`); `walletconnect_session.ts` (the pairing) and its
 * connector are imported only by {@linkcode connectWalletConnect} or, at
 * start, to restore a session this browser holds (`walletconnect_mark.ts`),
 * so the pages' first-load JS carries none of it.
 *
 * Nothing here runs on the server: the hook answers "disconnected" there.
 *
 * @module
 */
import {
  type Config,
  connect,
  type Connector,
  createConfig,
  disconnect,
  getConnection,
  http,
  injected,
  reconnect,
  switchChain,
  watchConnection,
  watchConnectors,
} from "@wagmi/core";
import { type Chain as ViemChain, createPublicClient, defineChain, http as viemHttp, type PublicClient } from "viem";
import { useSyncExternalStore } from "react";
import type { PublicChain, RpcDirectory } from "../../lib/rpc_directory.ts";
import type { Address } from "../../lib/address.ts";
import { hasWalletConnectSession } from "./walletconnect_mark.ts";
import { announceWalletConnection, type WalletConnectionDetail } from "./wallet_intent.ts";
import type { WalletConnectHost, WalletConnectState } from "./walletconnect_types.ts";

/** A wallet the user can pick. */
export interface WalletOption {
  readonly uid: string;
  readonly name: string;
  readonly icon: string | null;
}

/** What the screens read. */
export interface WalletState {
  readonly ready: boolean;
  readonly status: "disconnected" | "connecting" | "reconnecting" | "connected";
  readonly address: Address | null;
  readonly chainId: number | null;
  readonly wallets: readonly WalletOption[];
  readonly chains: readonly PublicChain[];
  /** The last connection or switch error, as a person reads it. */
  readonly error: string | null;
  /** `null` when the service has no WalletConnect project id (no entry is shown). */
  readonly walletConnect: WalletConnectState | null;
}

/** How long the HTTP transport gathers JSON-RPC calls into one batch. */
const RPC_BATCH_WAIT_MS = 8;
/**
 * Call data per Multicall3 `eth_call`: a quote's dozen QuoterV2 calls (a few hundred bytes each) fit one; the
 * proxy caps an `eth_call` at 30M gas, about a hundred quotes.
 */
const MULTICALL_BATCH_BYTES = 16_384;

const SERVER_STATE: WalletState = {
  ready: false,
  status: "disconnected",
  address: null,
  chainId: null,
  wallets: [],
  chains: [],
  error: null,
  walletConnect: null,
};

const WALLETCONNECT_IDLE: WalletConnectState = { status: "idle", uri: null, message: null };

let state: WalletState = SERVER_STATE;
let config: Config | null = null;
let starting: Promise<void> | null = null;
let directory: RpcDirectory | null = null;
/** `walletconnect_session.ts` once imported (WalletConnect picked, or a session to restore). */
let walletConnectModule: Promise<typeof import("./walletconnect_session.ts")> | null = null;
const listeners = new Set<() => void>();
const publicClients = new Map<number, PublicClient>();

function set(patch: Partial<WalletState>): void {
  const before = { status: state.status, chainId: state.chainId, chains: state.chains };
  state = { ...state, ...patch };
  for (const listener of listeners) listener();
  // The header follows whichever screen started the store (`wallet_intent.ts`): its control and the network selector.
  const changed = state.status !== before.status || state.chainId !== before.chainId || state.chains !== before.chains;
  if (changed && typeof window !== "undefined") {
    const chain = state.chains.find((c) => c.chainId === state.chainId);
    const detail: WalletConnectionDetail = {
      status: state.status,
      chainLabel: state.chainId === null ? null : chain?.label ?? `Chain ${state.chainId}`,
    };
    announceWalletConnection(detail);
  }
}

/** The viem chain of a service chain, its RPC being the same-origin proxy. */
export function viemChain(chain: PublicChain, origin: string): ViemChain {
  return defineChain({
    id: chain.chainId,
    name: chain.label,
    nativeCurrency: chain.nativeCurrency,
    rpcUrls: { default: { http: [`${origin}${chain.rpcPath}`] } },
    blockExplorers: chain.explorer ? { default: { name: "Explorer", url: chain.explorer } } : undefined,
    // Multicall3 at its canonical address (the demo chain deploys it): viem folds a tick's reads into one eth_call.
    contracts: chain.contracts.multicall3 ? { multicall3: { address: chain.contracts.multicall3 } } : undefined,
    testnet: chain.local,
  });
}

/** Whether the page has a legacy injected provider (`window.ethereum`): only then is "Browser wallet" offered. */
function hasInjectedProvider(): boolean {
  return typeof globalThis === "object" && "ethereum" in globalThis &&
    (globalThis as { ethereum?: unknown }).ethereum != null;
}

function walletOptions(connectors: readonly Connector[]): WalletOption[] {
  // WalletConnect has its own entry (WalletState.walletConnect), shown before its connector exists.
  // The generic injected connector would only say "Provider not found." without `window.ethereum`.
  return connectors.filter((c) => c.type !== "walletConnect" && (c.id !== "injected" || hasInjectedProvider())).map((
    c,
  ) => ({
    uid: c.uid,
    name: c.id === "injected" ? "Browser wallet" : c.name,
    icon: c.icon ?? null,
  }));
}

function readConnection(): Partial<WalletState> {
  if (!config) return {};
  const connection = getConnection(config);
  // One connection state: an account counts only once connected. While wagmi reconnects, its stored account of an
  // earlier visit is not the holder's yet (the wallet may no longer authorize the site): no form reads or acts for it.
  const connected = connection.status === "connected";
  return {
    status: connection.status,
    address: connected ? connection.address ?? null : null,
    chainId: connected ? connection.chainId ?? null : null,
  };
}

async function start(): Promise<void> {
  try {
    const response = await fetch("/rpc", { headers: { accept: "application/json" } });
    if (!response.ok) throw new Error(`status ${response.status}`);
    directory = await response.json() as RpcDirectory;
  } catch {
    set({ ready: true, error: "The service offers no chain to act on" });
    return;
  }
  const origin = location.origin;
  const chains = directory.chains.map((c) => viemChain(c, origin));
  if (chains.length === 0) {
    set({ ready: true, chains: [], error: "No chain is configured (RPC_URL_*)" });
    return;
  }
  config = createConfig({
    chains: chains as [ViemChain, ...ViemChain[]],
    connectors: [injected({ shimDisconnect: true })],
    multiInjectedProviderDiscovery: true,
    transports: Object.fromEntries(chains.map((c) => [c.id, http(c.rpcUrls.default.http[0])])),
  });
  watchConnectors(config, { onChange: (connectors) => set({ wallets: walletOptions(connectors) }) });
  watchConnection(config, { onChange: () => set(readConnection()) });
  const walletConnect = directory.walletConnectProjectId && directory.walletConnectRelayUrl ? WALLETCONNECT_IDLE : null;
  set({
    ready: true,
    chains: directory.chains,
    wallets: walletOptions(config.connectors),
    walletConnect,
    ...readConnection(),
  });
  // A WalletConnect session of an earlier visit: its connector (and library) load to restore it.
  if (walletConnect && hasWalletConnectSession()) {
    await walletConnectSession().then((m) => m.addWalletConnect(walletConnectHost)).catch(() => {});
  }
  await reconnect(config).catch(() => {});
  set(readConnection());
}

/** Starts the store once (browser only). */
export function ensureWallet(): Promise<void> {
  if (typeof window === "undefined") return Promise.resolve();
  starting ??= start();
  return starting;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  void ensureWallet();
  return () => listeners.delete(listener);
}

/** The wallet state; re-renders on account, chain and wallet-list changes. */
export function useWallet(): WalletState {
  return useSyncExternalStore(subscribe, () => state, () => SERVER_STATE);
}

function message(error: unknown): string {
  const e = error as { shortMessage?: string; message?: string } | null;
  return (e?.shortMessage ?? e?.message ?? "The wallet refused").split("\n")[0];
}

/** Connects the picked wallet (`eth_requestAccounts`). */
export async function connectWallet(uid: string): Promise<void> {
  await ensureWallet();
  const connector = config?.connectors.find((c) => c.uid === uid);
  if (!config || !connector) return;
  set({ error: null });
  try {
    await connect(config, { connector });
  } catch (error) {
    set({ error: message(error) });
  }
  set(readConnection());
}

function setWalletConnect(patch: Partial<WalletConnectState>): void {
  if (state.walletConnect) set({ walletConnect: { ...state.walletConnect, ...patch } });
}

/** What `walletconnect_session.ts` (loaded only when WalletConnect is used) reads and changes here. */
const walletConnectHost: WalletConnectHost = {
  config: () => config!,
  origin: () => location.origin,
  directory: () => directory!,
  state: () => state.walletConnect,
  update: setWalletConnect,
  idle: () => set({ walletConnect: WALLETCONNECT_IDLE }),
  sync: () => set(readConnection()),
  clearError: () => set({ error: null }),
};

/** The WalletConnect session module, imported on first use. */
function walletConnectSession(): Promise<typeof import("./walletconnect_session.ts")> {
  walletConnectModule ??= import("./walletconnect_session.ts").catch((error) => {
    walletConnectModule = null;
    throw error;
  });
  return walletConnectModule;
}

/**
 * Connects through WalletConnect: loads the connector, shows the pairing URI
 * (through `WalletState.walletConnect`) and waits for the wallet's approval.
 */
export async function connectWalletConnect(): Promise<void> {
  await ensureWallet();
  if (!config || !state.walletConnect) return;
  set({ error: null, walletConnect: { status: "starting", uri: null, message: null } });
  try {
    await (await walletConnectSession()).pairWalletConnect(walletConnectHost);
  } catch {
    setWalletConnect({ status: "failed", uri: null, message: "WalletConnect could not be loaded." });
  }
}

/** Closes the WalletConnect dialog; a pairing in progress is abandoned (its QR code no longer counts). */
export function cancelWalletConnect(): void {
  void walletConnectModule?.then((m) => m.cancelWalletConnect());
  if (state.walletConnect) set({ walletConnect: WALLETCONNECT_IDLE });
}

/** Disconnects the wallet from this page. */
export async function disconnectWallet(): Promise<void> {
  if (!config) return;
  await disconnect(config).catch(() => {});
  set({ ...readConnection(), error: null });
}

/**
 * Asks the wallet to switch to a chain (`wallet_switchEthereumChain`); a
 * wallet that does not know it is asked to add it (`wallet_addEthereumChain`,
 * with the proxy as its RPC).
 */
export async function switchWalletChain(chainId: number): Promise<void> {
  if (!config) return;
  const chain = state.chains.find((c) => c.chainId === chainId);
  set({ error: null });
  try {
    await switchChain(config, {
      chainId,
      addEthereumChainParameter: chain
        ? {
          chainName: chain.label,
          nativeCurrency: chain.nativeCurrency,
          rpcUrls: [`${location.origin}${chain.rpcPath}`],
          blockExplorerUrls: chain.explorer ? [chain.explorer] : undefined,
        }
        : undefined,
    });
  } catch (error) {
    set({ error: message(error) });
  }
  set(readConnection());
}

/** The wagmi config once started (actions that need the connector's client). */
export function walletConfig(): Config | null {
  return config;
}

/** A read client of a chain through the proxy. */
export function publicClient(chain: PublicChain): PublicClient {
  let client = publicClients.get(chain.chainId);
  if (!client) {
    // One round trip per step of a quote: the reads a tick makes go out as one Multicall3 `aggregate3` eth_call
    // (`batch.multicall`), and the JSON-RPC calls of a few milliseconds as one HTTP batch (the transport's `batch`).
    client = createPublicClient({
      chain: viemChain(chain, location.origin),
      transport: viemHttp(undefined, { batch: { batchSize: 32, wait: RPC_BATCH_WAIT_MS } }),
      batch: { multicall: { batchSize: MULTICALL_BATCH_BYTES, wait: 0 } },
    });
    publicClients.set(chain.chainId, client);
  }
  return client;
}
