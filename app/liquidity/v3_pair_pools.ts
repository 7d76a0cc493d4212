/**
 * The V3 pools of a pair at every fee tier, read at once for a new position:
 * the tier preselected is the deepest existing pool's (its in-range
 * liquidity), so a newcomer never lands on a tier without a pool and is never
 * asked a starting price while a pool exists.
 *
 * @module
 */
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import type { V3Pool } from "./v3_position.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { pairPoolsQuery, type TierPools, type TierReserves } from "./v3_queries.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";

export type { TierPools } from "./v3_queries.ts";

/** The fee of the deepest pool (most in-range liquidity), or `null` when the pair has no pool. */
export function deepestFee(pools: TierPools): number | null {
  let best: V3Pool | null = null;
  for (const pool of pools.values()) {
    if (pool && (!best || pool.liquidity > best.liquidity)) best = pool;
  }
  return best?.fee ?? null;
}

/**
 * How far a typed starting price is from the market's, as a fraction (0.05 =
 * 5%), or `null` when either is unknown.
 */
export function priceGap(typed: number, market: number | null): number | null {
  if (!(typed > 0) || market === null || !(market > 0)) return null;
  return Math.abs(typed / market - 1);
}

/**
 * The pair's tokens (pool order), its pools at every tier (`undefined` while
 * reading; an empty map when the read failed) and what each pool holds, as a
 * query of the app's client (`pairPoolsQuery`).
 */
export function usePairPools(
  client: PublicClient | null,
  chain: PublicChain | null,
  addressA: Address | null,
  addressB: Address | null,
): { pair: readonly [TokenMeta, TokenMeta] | null; pools: TierPools | undefined; reserves: TierReserves } {
  const read = useAppQuery(pairPoolsQuery(client, chain, addressA, addressB));
  if (!addressA || !addressB || addressA === addressB) return { pair: null, pools: undefined, reserves: new Map() };
  if (read.isError) return { pair: null, pools: new Map(), reserves: new Map() };
  return { pair: read.data?.pair ?? null, pools: read.data?.pools, reserves: read.data?.reserves ?? new Map() };
}
