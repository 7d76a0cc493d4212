/**
 * A connected wallet's balances as read on its chain (when the gateway knows
 * nothing of the address): the raw balances of the chain's listed tokens and
 * of its native currency become the balances table's rows, valued at the
 * gateway's prices, with their total. Nothing is invented: a token without a
 * price has no value, and zero balances are left out.
 *
 * @module
 */
import { type Chain, tokenHref } from "../../lib/chains.ts";
import type { BalanceRow, Balances } from "./portfolio_data.ts";

/** One token's balance as read on chain, with what the gateway says of it. */
export interface ChainHolding {
  /** The contract (lower case), or `null` for the native currency. */
  readonly address: string | null;
  readonly symbol: string;
  readonly name: string;
  readonly logoUrl: string | null;
  /** USD price from the gateway, `null` when it has none. */
  readonly price: number | null;
  /** The price's change over 24 h in percent points, `null` when unknown. */
  readonly change24h?: number | null;
  readonly decimals: number;
  /** The balance in the token's smallest unit. */
  readonly raw: bigint;
}

/** A raw amount as a number of whole tokens (exact to double precision). */
export function wholeTokens(raw: bigint, decimals: number): number {
  const unit = 10n ** BigInt(decimals);
  const whole = raw / unit;
  const fraction = raw % unit;
  return Number(whole) + Number(fraction) / Number(unit);
}

/** The balances table's rows (largest value first, then largest amount) and their USD total. */
export function chainBalances(chain: Chain, holdings: readonly ChainHolding[]): Balances {
  const rows: BalanceRow[] = holdings.filter((h) => h.raw > 0n).map((h) => {
    const quantity = wholeTokens(h.raw, h.decimals);
    return {
      id: `${chain}:${h.address ?? "native"}`,
      href: tokenHref(chain, h.address),
      name: h.name,
      symbol: h.symbol,
      logoUrl: h.logoUrl,
      chain,
      quantity,
      value: h.price === null ? null : quantity * h.price,
      change24h: h.change24h ?? null,
      hidden: false,
      spam: false,
    };
  }).sort((a, b) => (b.value ?? -1) - (a.value ?? -1) || (b.quantity ?? 0) - (a.quantity ?? 0));
  const priced = rows.filter((r) => r.value !== null);
  const total = priced.length ? priced.reduce((sum, r) => sum + r.value!, 0) : rows.length ? null : 0;
  // The value 24 h ago of what is held now, at each token's price change (only when every priced row has one).
  const changed = priced.every((r) => r.change24h !== null) && priced.length > 0;
  const before = changed ? priced.reduce((sum, r) => sum + r.value! / (1 + r.change24h! / 100), 0) : null;
  return {
    total,
    change24hAbsolute: before !== null && total !== null ? total - before : null,
    change24hPercent: before !== null && total !== null && before > 0 ? (total / before - 1) * 100 : null,
    rows,
  };
}

/**
 * The USD value of a position's two amounts at the gateway's prices (by
 * lower-case address); `null` unless every side holding something has one.
 */
export function pairValueUsd(
  pair: {
    readonly token0: { readonly address: string; readonly decimals: number };
    readonly token1: { readonly address: string; readonly decimals: number };
  },
  amounts: { readonly amount0: bigint; readonly amount1: bigint } | null,
  prices: ReadonlyMap<string, { readonly price: number | null }>,
): number | null {
  if (!amounts) return null;
  let sum = 0;
  for (const [token, amount] of [[pair.token0, amounts.amount0], [pair.token1, amounts.amount1]] as const) {
    if (amount === 0n) continue;
    const price = prices.get(token.address.toLowerCase())?.price;
    if (price === null || price === undefined) return null;
    sum += wholeTokens(amount, token.decimals) * price;
  }
  return sum;
}
