/**
 * Whether this browser holds a WalletConnect session, without loading
 * WalletConnect: `wallet_store.ts` reads it at start to decide whether the
 * connector (and its library) must load to restore the session;
 * `walletconnect_connector.ts` sets and clears it.
 *
 * @module
 */

/** `localStorage` key marking an approved session. */
const SESSION_MARK = "walletconnect.session";

/** Whether a WalletConnect session of an earlier visit may be restored. */
export function hasWalletConnectSession(): boolean {
  try {
    return localStorage.getItem(SESSION_MARK) === "1";
  } catch {
    return false;
  }
}

/** Marks (or clears) the approved session. */
export function markWalletConnectSession(on: boolean): void {
  try {
    if (on) localStorage.setItem(SESSION_MARK, "1");
    else localStorage.removeItem(SESSION_MARK);
  } catch { /* private mode: no restore on reload */ }
}
