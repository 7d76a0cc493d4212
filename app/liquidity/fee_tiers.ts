/**
 * The fee tier chooser's figures, pure: each V3 tier of a pair with whether
 * it has a pool, its TVL (what the pool holds of both tokens at the gateway's
 * prices) and which is "most used" (the deepest: most TVL when every pool's
 * TVL is known, else most in-range liquidity), the tier a new position
 * preselects.
 *
 * @module
 */
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import { usdValue } from "../lib/trade_math.ts";
import type { TierPools, TierReserves } from "./v3_queries.ts";

/** One tier as the chooser shows it. */
export interface TierChoice {
  readonly fee: number;
  /** `0.05%`. */
  readonly label: string;
  /** What the tier suits, as app.uniswap.org says it. */
  readonly hint: string;
  readonly hasPool: boolean;
  /** The pool's TVL in USD; `null` without a pool or a price. */
  readonly tvlUsd: number | null;
  /** The deepest pool of the pair. */
  readonly mostUsed: boolean;
}

const HINTS: Readonly<Record<number, string>> = {
  100: "Best for very stable pairs",
  500: "Best for stable pairs",
  3000: "Best for most pairs",
  10000: "Best for exotic pairs",
};

/** The pair's tokens' decimals and USD prices (`null`: unknown), in pool order. */
export interface PairPrices {
  readonly decimals: readonly [number, number];
  readonly prices: readonly [number | null, number | null];
}

/** The fee (hundredths of a basis point) as a percentage: `500` -> `0.05%`. */
export function feePercent(fee: number): string {
  return `${fee / 10_000}%`;
}

/** The tiers of a pair, in fee order, with their pools' TVL and the most used one. */
export function tierChoices(pools: TierPools | undefined, reserves: TierReserves, pair: PairPrices): TierChoice[] {
  const tvl = (fee: number): number | null => {
    const held = reserves.get(fee);
    if (!pools?.get(fee) || !held) return null;
    const [a, b] = [0, 1].map((i) => usdValue(held[i], pair.decimals[i], pair.prices[i]));
    return a === null || b === null ? null : a + b;
  };
  const rows = V3_FEE_TIERS.map((t) => ({ fee: t.fee, pool: pools?.get(t.fee) ?? null, tvl: tvl(t.fee) }));
  const existing = rows.filter((r) => r.pool !== null);
  const byTvl = existing.length > 0 && existing.every((r) => r.tvl !== null);
  let best: (typeof rows)[number] | null = null;
  for (const r of existing) {
    if (!best) best = r;
    else if (byTvl ? r.tvl! > best.tvl! : r.pool!.liquidity > best.pool!.liquidity) best = r;
  }
  return rows.map((r) => ({
    fee: r.fee,
    label: feePercent(r.fee),
    hint: HINTS[r.fee] ?? "",
    hasPool: r.pool !== null,
    tvlUsd: r.tvl,
    mostUsed: best !== null && r.fee === best.fee,
  }));
}

/** The fee of the most used tier, or `null` when the pair has no pool. */
export function mostUsedFee(choices: readonly TierChoice[]): number | null {
  return choices.find((c) => c.mostUsed)?.fee ?? null;
}
