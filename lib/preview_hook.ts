/**
 * A V4 pool's hook as previews name it: its address shortened to
 * `0x1234…abcd` (the pool card's pill, the page's description).
 *
 * @module
 */

/**
 * The hook address shortened (`0x` + 4 hex digits, `…`, the last 4), or
 * `null` for no hook: a missing value, the zero address, or anything that is
 * not `0x` + 40 hex digits.
 */
export function shortHook(address: string | null | undefined): string | null {
  if (typeof address !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(address) || /^0x0{40}$/.test(address)) {
    return null;
  }
  return `${address.slice(0, 6)}…${address.slice(-4)}`.toLowerCase();
}
