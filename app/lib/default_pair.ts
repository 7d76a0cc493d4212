/**
 * The default pair of the trade screens: which tokens a swap panel picks
 * before its pickers are opened. Pure, no imports: the panels
 * (`app/wallet/`) and the trade loader (`trade_loader.ts`, which serializes
 * what these picks need) share it.
 *
 * @module
 */

/** The stablecoins a default pair prefers as its output, as app.uniswap.org's common bases. */
export const STABLE_SYMBOLS: readonly string[] = ["USDC", "USDT", "DAI"];

/**
 * The default pair of `/swap`: the chain's native token, then the first
 * listed stablecoin (by `symbols`, when given), else the first top token
 * that is neither the native token nor its wrapper. A URL's choice wins.
 */
export function defaultPair(
  keys: readonly string[],
  wrappedNative: string | null,
  input: string | null,
  output: string | null,
  symbols: ReadonlyMap<string, string> = new Map(),
): [string, string] {
  const first = input ?? (keys.includes("NATIVE") ? "NATIVE" : keys[0] ?? "");
  const wrapped = wrappedNative?.toLowerCase();
  const candidates = keys.filter((k) => k !== first && k !== "NATIVE" && k !== wrapped);
  const stable = STABLE_SYMBOLS.map((symbol) => candidates.find((k) => symbols.get(k) === symbol)).find(Boolean);
  const second = output && output !== first ? output : stable ?? candidates[0] ?? keys.find((k) => k !== first) ?? "";
  return [first, second];
}
