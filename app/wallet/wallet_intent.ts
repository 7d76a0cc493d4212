/**
 * Whether a page should load the wallet code before the visitor asks for it.
 * Light on purpose (no viem, no wagmi): the header's wallet slot and the token
 * and pool pages' trade cards import it to decide when to load the rest.
 *
 * One connection state: whatever loads the wallet store first (a form, the
 * header), the header follows it. The store announces every connection change
 * with {@linkcode WALLET_CONNECTION_EVENT}; a wallet that still authorizes the
 * site (EIP-6963 or `window.ethereum` answering `eth_accounts`, which never
 * prompts) loads the header's control at once, so a page opened by its URL
 * names the account as wagmi's reconnect finds it.
 *
 * @module
 */

/** The window event the wallet store dispatches on every connection or chain change. */
export const WALLET_CONNECTION_EVENT = "wallet:connection";

/** The event's `detail`. */
export interface WalletConnectionDetail {
  readonly status: "disconnected" | "connecting" | "reconnecting" | "connected";
  /** The chain the wallet is on, as the service names it ("Uniswap demo chain"), or `null`. */
  readonly chainLabel: string | null;
}

/** The last change announced: a listener added later reads it at once. */
let last: WalletConnectionDetail | null = null;

/** Whether this browser connected a wallet before (wagmi keeps `wagmi.*` keys in localStorage). */
export function connectedBefore(): boolean {
  try {
    return Object.keys(localStorage).some((k) => k.startsWith("wagmi.") && /connected|recentConnectorId/.test(k));
  } catch {
    return false;
  }
}

/** Whether the visitor disconnected on purpose (wagmi's shim marks it): then no probe reconnects the header. */
function disconnectedOnPurpose(): boolean {
  try {
    return Object.keys(localStorage).some((k) => k.startsWith("wagmi.") && k.endsWith(".disconnected"));
  } catch {
    return false;
  }
}

type Eip1193 = { request(args: { method: string }): Promise<unknown> };

/**
 * Resolves `true` when a wallet in the page still authorizes this site: the
 * EIP-6963 providers announced within `waitMs`, and `window.ethereum`, are
 * asked `eth_accounts` (no prompt); any account counts.
 */
export async function walletAuthorized(waitMs = 250): Promise<boolean> {
  if (typeof window === "undefined" || disconnectedOnPurpose()) return false;
  const providers = new Set<Eip1193>();
  const legacy = (globalThis as { ethereum?: Eip1193 }).ethereum;
  if (legacy?.request) providers.add(legacy);
  const onAnnounce = (event: Event) => {
    const provider = (event as CustomEvent<{ provider?: Eip1193 }>).detail?.provider;
    if (provider?.request) providers.add(provider);
  };
  globalThis.addEventListener("eip6963:announceProvider", onAnnounce);
  globalThis.dispatchEvent(new Event("eip6963:requestProvider"));
  await new Promise((resolve) => setTimeout(resolve, waitMs));
  globalThis.removeEventListener("eip6963:announceProvider", onAnnounce);
  const answers = await Promise.all(
    [...providers].map((p) =>
      Promise.race([
        p.request({ method: "eth_accounts" }).then((a) => Array.isArray(a) && a.length > 0, () => false),
        new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 2_000)),
      ])
    ),
  );
  return answers.some(Boolean);
}

/**
 * Calls `onConnected` when the wallet store (loaded by any screen) reports a
 * connection or a reconnection under way; returns the unsubscribe function.
 */
export function onWalletConnection(onConnected: () => void): () => void {
  const listener = (event: Event) => {
    const { status } = (event as CustomEvent<WalletConnectionDetail>).detail;
    if (status === "connected" || status === "reconnecting") onConnected();
  };
  globalThis.addEventListener(WALLET_CONNECTION_EVENT, listener);
  if (last?.status === "connected" || last?.status === "reconnecting") onConnected();
  return () => globalThis.removeEventListener(WALLET_CONNECTION_EVENT, listener);
}

/** Announces a connection or chain change (the wallet store calls it); listeners that come later read the last one. */
export function announceWalletConnection(detail: WalletConnectionDetail): void {
  last = detail;
  globalThis.dispatchEvent(new CustomEvent(WALLET_CONNECTION_EVENT, { detail }));
}

/** Calls `onChain` with the wallet's chain label (or `null`) on every change; returns the unsubscribe function. */
export function onWalletChain(onChain: (label: string | null) => void): () => void {
  const listener = (event: Event) => {
    const { status, chainLabel } = (event as CustomEvent<WalletConnectionDetail>).detail;
    onChain(status === "connected" ? chainLabel : null);
  };
  globalThis.addEventListener(WALLET_CONNECTION_EVENT, listener);
  if (last) onChain(last.status === "connected" ? last.chainLabel : null);
  return () => globalThis.removeEventListener(WALLET_CONNECTION_EVENT, listener);
}
