/**
 * Whether a page should load the wallet code before the visitor asks for it.
 * Light on purpose (no viem, no wagmi): the header's wallet slot and the token
 * and pool pages' trade cards import it to decide when to load the rest.
 *
 * @module
 */

/** Whether this browser connected a wallet before (wagmi keeps `wagmi.*` keys in localStorage). */
export function connectedBefore(): boolean {
  try {
    return Object.keys(localStorage).some((k) => k.startsWith("wagmi.") && /connected|recentConnectorId/.test(k));
  } catch {
    return false;
  }
}
