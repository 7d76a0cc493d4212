/**
 * The documents the edge server (link previews, share images) reads, and
 * helpers that run them for a chain and address taken from a page URL.
 *
 * @module
 */
import type { Client } from "@urql/core";
import { graphql, type ResultOf } from "./graphql.ts";
import { parsePoolAddress } from "../lib/address.ts";
import { type Chain, resolveTokenAddress } from "../lib/chains.ts";
import { V2_FEE_TIER } from "../lib/fees.ts";
import { runQuery } from "./client.ts";

/** `Token`: symbol, name and logo of a token (no address: the native token). */
export const TokenQuery = graphql(`
  query Token($chain: Chain!, $address: String) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      symbol
      name
      decimals
      standard
      project {
        id
        name
        logoUrl
        safetyLevel
        isSpam
      }
    }
  }
`);

/** What a pool preview shows of each of its two tokens. */
export const EdgePoolTokenFragment = graphql(`
  fragment EdgePoolToken on Token {
    id
    chain
    address
    symbol
    name
    decimals
    project {
      id
      logoUrl
    }
  }
`);

/** `V4Pool`: a V4 pool by pool id, with hook, dynamic fee and rewards. */
export const V4PoolQuery = graphql(
  `
  query V4Pool($chain: Chain!, $poolId: String!) {
    v4Pool(chain: $chain, poolId: $poolId) {
      id
      chain
      poolId
      protocolVersion
      feeTier
      isDynamicFee
      hook {
        id
        address
      }
      token0 {
        ...EdgePoolToken
      }
      token0Supply
      token1 {
        ...EdgePoolToken
      }
      token1Supply
      txCount
      volume24h: cumulativeVolume(duration: DAY) {
        id
        value
      }
      volume30d: cumulativeVolume(duration: MONTH) {
        id
        value
      }
      totalLiquidity {
        id
        value
      }
      rewardsCampaign {
        id
        boostedApr
        startTimestamp
        endTimestamp
        totalRewardAllocation
        distributedRewards
      }
    }
  }
`,
  [EdgePoolTokenFragment],
);

/** `V3Pool`: a V3 pool by contract address. */
export const V3PoolQuery = graphql(
  `
  query V3Pool($chain: Chain!, $address: String!) {
    v3Pool(chain: $chain, address: $address) {
      id
      chain
      address
      protocolVersion
      feeTier
      token0 {
        ...EdgePoolToken
      }
      token0Supply
      token1 {
        ...EdgePoolToken
      }
      token1Supply
      txCount
      volume24h: cumulativeVolume(duration: DAY) {
        id
        value
      }
      volume30d: cumulativeVolume(duration: MONTH) {
        id
        value
      }
      totalLiquidity {
        id
        value
      }
    }
  }
`,
  [EdgePoolTokenFragment],
);

/** `V2Pair`: a V2 pair by contract address (V2 fees are always 0.3%). */
export const V2PairQuery = graphql(
  `
  query V2Pair($chain: Chain!, $address: String!) {
    v2Pair(chain: $chain, address: $address) {
      id
      chain
      address
      protocolVersion
      token0 {
        ...EdgePoolToken
      }
      token0Supply
      token1 {
        ...EdgePoolToken
      }
      token1Supply
      txCount
      volume24h: cumulativeVolume(duration: DAY) {
        id
        value
      }
      volume30d: cumulativeVolume(duration: MONTH) {
        id
        value
      }
      totalLiquidity {
        id
        value
      }
    }
  }
`,
  [EdgePoolTokenFragment],
);

/** The edge documents by operation name. */
export const EDGE_DOCUMENTS = {
  Token: TokenQuery,
  V4Pool: V4PoolQuery,
  V3Pool: V3PoolQuery,
  V2Pair: V2PairQuery,
} as const;

/** A token as `Token` returns it. */
export type EdgeToken = NonNullable<ResultOf<typeof TokenQuery>["token"]>;
/** One of the two tokens of a pool as the pool documents return it. */
export type EdgePoolToken = ResultOf<typeof EdgePoolTokenFragment>;

/** V2, V3 and V4 pools in one shape, for previews. */
export interface EdgePool {
  readonly protocolVersion: "V2" | "V3" | "V4";
  readonly chain: Chain;
  /** Pool contract address (V2/V3) or pool id (V4). */
  readonly address: string;
  /** Fee in hundredths of a basis point (3000 = 0.3%); V2 pairs: 3000. */
  readonly feeTier: number | null;
  /** V4 only: the fee is set by the hook. */
  readonly isDynamicFee: boolean;
  /** V4 only: hook contract address. */
  readonly hookAddress: string | null;
  readonly token0: EdgePoolToken | null;
  readonly token1: EdgePoolToken | null;
  readonly token0Supply: number | null;
  readonly token1Supply: number | null;
  readonly txCount: number | null;
  readonly volume24hUsd: number | null;
  readonly volume30dUsd: number | null;
  readonly totalLiquidityUsd: number | null;
  /** V4 only: boosted APR of the pool's rewards campaign, in percent. */
  readonly rewardsBoostedApr: number | null;
}

/**
 * Fetches a token for a chain and a URL address (`NATIVE` allowed). `null`
 * when the gateway does not know it.
 *
 * @throws {InvalidAddressError} when the address is malformed
 * @throws {GatewayError} when the gateway cannot be read
 */
export async function fetchEdgeToken(
  client: Client,
  chain: Chain,
  address: string,
): Promise<EdgeToken | null> {
  const resolved = resolveTokenAddress(chain, address);
  const { data } = await runQuery(client, TokenQuery, {
    chain,
    address: resolved ?? null,
  });
  return data?.token ?? null;
}

/**
 * Fetches a pool for a chain and a URL address: a 64-hex V4 pool id, or a
 * 40-hex address looked up as a V3 pool, then as a V2 pair. `null` when the
 * gateway knows neither.
 *
 * @throws {InvalidAddressError} when the address is malformed
 * @throws {GatewayError} when the gateway cannot be read
 */
export async function fetchEdgePool(
  client: Client,
  chain: Chain,
  address: string,
): Promise<EdgePool | null> {
  const ref = parsePoolAddress(address);
  if (ref.kind === "poolId") {
    const { data } = await runQuery(client, V4PoolQuery, {
      chain,
      poolId: ref.poolId,
    });
    const pool = data?.v4Pool;
    if (!pool) return null;
    return {
      protocolVersion: "V4",
      chain: pool.chain,
      address: pool.poolId,
      feeTier: pool.feeTier ?? null,
      isDynamicFee: pool.isDynamicFee ?? false,
      hookAddress: pool.hook?.address ?? null,
      token0: pool.token0 ?? null,
      token1: pool.token1 ?? null,
      token0Supply: pool.token0Supply ?? null,
      token1Supply: pool.token1Supply ?? null,
      txCount: pool.txCount ?? null,
      volume24hUsd: pool.volume24h?.value ?? null,
      volume30dUsd: pool.volume30d?.value ?? null,
      totalLiquidityUsd: pool.totalLiquidity?.value ?? null,
      rewardsBoostedApr: pool.rewardsCampaign?.boostedApr ?? null,
    };
  }
  const v3 = await runQuery(client, V3PoolQuery, {
    chain,
    address: ref.address,
  });
  const pool3 = v3.data?.v3Pool;
  if (pool3) {
    return {
      ...commonPool(pool3),
      protocolVersion: "V3",
      feeTier: pool3.feeTier ?? null,
    };
  }
  const v2 = await runQuery(client, V2PairQuery, {
    chain,
    address: ref.address,
  });
  const pair = v2.data?.v2Pair;
  if (!pair) return null;
  return { ...commonPool(pair), protocolVersion: "V2", feeTier: V2_FEE_TIER };
}

type AddressPool = NonNullable<ResultOf<typeof V2PairQuery>["v2Pair"]>;

function commonPool(pool: AddressPool) {
  return {
    chain: pool.chain,
    address: pool.address,
    isDynamicFee: false,
    hookAddress: null,
    token0: pool.token0 ?? null,
    token1: pool.token1 ?? null,
    token0Supply: pool.token0Supply ?? null,
    token1Supply: pool.token1Supply ?? null,
    txCount: pool.txCount ?? null,
    volume24hUsd: pool.volume24h?.value ?? null,
    volume30dUsd: pool.volume30d?.value ?? null,
    totalLiquidityUsd: pool.totalLiquidity?.value ?? null,
    rewardsBoostedApr: null,
  };
}
