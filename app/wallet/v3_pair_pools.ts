/**
 * The V3 pools of a pair at every fee tier, read at once for a new position:
 * the tier preselected is the deepest existing pool's (its in-range
 * liquidity), so a newcomer never lands on a tier without a pool and is never
 * asked a starting price while a pool exists.
 *
 * @module
 */
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { readPool, sortTokens, type V3Pool } from "../lib/wallet_v3.ts";
import { chainCall } from "./chain_call.ts";
import { type TokenMeta, tokenMeta } from "./liquidity_shared.tsx";

/** The pool of each fee tier (`null`: none), by fee. */
export type TierPools = ReadonlyMap<number, V3Pool | null>;

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

/** The pair's tokens (pool order) and its pools at every tier; `undefined` while reading. */
export function usePairPools(
  client: PublicClient | null,
  chain: PublicChain | null,
  addressA: Address | null,
  addressB: Address | null,
): { pair: [TokenMeta, TokenMeta] | null; pools: TierPools | undefined } {
  const [pair, setPair] = useState<[TokenMeta, TokenMeta] | null>(null);
  const [pools, setPools] = useState<TierPools | undefined>(undefined);
  useEffect(() => {
    setPair(null);
    setPools(undefined);
    if (!client || !chain || !addressA || !addressB || addressA === addressB) return;
    let live = true;
    const [x, y] = sortTokens(addressA, addressB);
    const call = chainCall(client);
    void Promise.all([
      tokenMeta(client, x),
      tokenMeta(client, y),
      Promise.all(V3_FEE_TIERS.map((t) => readPool(call, chain.contracts, x, y, t.fee).catch(() => null))),
    ]).then(([t0, t1, found]) => {
      if (!live) return;
      setPair([t0, t1]);
      setPools(new Map(V3_FEE_TIERS.map((t, i) => [t.fee, found[i]])));
    }, () => live && setPools(new Map()));
    return () => {
      live = false;
    };
  }, [client, chain, addressA, addressB]);
  return { pair, pools };
}
