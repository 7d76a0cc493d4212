/**
 * The row shapes the tables render (tokens, pools, transactions), and the
 * gateway results turned into them.
 *
 * @module
 */
import type { ResultOf } from "../../queries/graphql.ts";
import type { TopTokensQuery } from "../../queries/token.ts";
import type { PoolTransactionFragment } from "../../queries/fragments.ts";
import type { TopV2PairsQuery, TopV3PoolsQuery, TopV4PoolsQuery } from "../../queries/pools.ts";
import { chainLabel, poolHref, tokenHref } from "../../lib/chains.ts";
import { poolApr, V2_FEE_TIER } from "../../lib/fees.ts";

/** One row of the tokens table. */
export interface TokenRow {
  /** Stable key (the gateway's token id). */
  readonly id: string;
  /** Link to the token page. */
  readonly href: string;
  readonly name: string;
  readonly symbol: string;
  readonly logoUrl: string | null;
  /** Chain label shown under the name, if the table mixes chains. */
  readonly chainLabel?: string | null;
  readonly price: number | null;
  /** 1 day price change in percent points. */
  readonly change1d: number | null;
  readonly fdv: number | null;
  readonly marketCap: number | null;
  readonly tvl: number | null;
  readonly volume1d: number | null;
}

/** One row of the pools table. */
export interface PoolRow {
  readonly id: string;
  /** Link to the pool page. */
  readonly href: string;
  readonly token0Symbol: string;
  readonly token1Symbol: string;
  readonly token0Logo: string | null;
  readonly token1Logo: string | null;
  /** `V2`, `V3` or `V4`. */
  readonly protocolVersion: string;
  /** Hundredths of a basis point (3000 = 0.3%). */
  readonly feeTier: number | null;
  readonly isDynamicFee?: boolean;
  readonly tvl: number | null;
  readonly volume1d: number | null;
  readonly volume30d: number | null;
  /** Fee APR over 1 day of volume, in percent points. */
  readonly apr: number | null;
}

/** One pool transaction, as the table shows it. */
export interface TransactionRow {
  readonly id: string;
  /** `SWAP`, `ADD` or `REMOVE`. */
  readonly type: string;
  readonly timestamp: number;
  readonly usdValue: number | null;
  readonly account: string;
  readonly token0Symbol: string;
  /** Signed decimal string: negative means the pool paid it out. */
  readonly token0Quantity: string;
  readonly token1Symbol: string;
  readonly token1Quantity: string;
}

type TopToken = NonNullable<
  NonNullable<ResultOf<typeof TopTokensQuery>["topTokens"]>[number]
>;

/** A top token as a tokens-table row. */
export function topTokenRow(
  token: TopToken,
  options: { showChain?: boolean } = {},
): TokenRow {
  const projectMarket = token.project?.markets?.[0] ?? null;
  return {
    id: token.id,
    href: tokenHref(token.chain, token.address),
    name: token.name ?? token.symbol ?? "Unknown token",
    symbol: token.symbol ?? "UNK",
    logoUrl: token.project?.logoUrl ?? null,
    chainLabel: options.showChain ? chainLabel(token.chain) : null,
    price: token.market?.price?.value ?? null,
    change1d: token.market?.pricePercentChange1D?.value ?? null,
    fdv: projectMarket?.fullyDilutedValuation?.value ?? null,
    marketCap: projectMarket?.marketCap?.value ?? null,
    tvl: token.market?.totalValueLocked?.value ?? null,
    volume1d: token.market?.volume?.value ?? null,
  };
}

/** Rows of the top tokens, spam tokens left out. */
export function topTokenRows(
  tokens: ResultOf<typeof TopTokensQuery>["topTokens"],
): TokenRow[] {
  return (tokens ?? []).flatMap((t) => t && !t.project?.isSpam ? [topTokenRow(t)] : []);
}

type PoolTransaction = ResultOf<typeof PoolTransactionFragment>;

/** A pool transaction as a transactions-table row. */
export function transactionRow(tx: PoolTransaction): TransactionRow {
  return {
    id: tx.id,
    type: tx.type,
    timestamp: tx.timestamp,
    usdValue: tx.usdValue?.value ?? null,
    account: tx.account,
    token0Symbol: tx.token0?.symbol ?? "UNK",
    token0Quantity: tx.token0Quantity,
    token1Symbol: tx.token1?.symbol ?? "UNK",
    token1Quantity: tx.token1Quantity,
  };
}

/** Rows of a transactions list, missing entries dropped. */
export function transactionRows(
  txs: readonly (PoolTransaction | null | undefined)[] | null | undefined,
): TransactionRow[] {
  return (txs ?? []).flatMap((t) => (t ? [transactionRow(t)] : []));
}

type TopV4Pool = NonNullable<
  NonNullable<ResultOf<typeof TopV4PoolsQuery>["topV4Pools"]>[number]
>;
type TopV3Pool = NonNullable<
  NonNullable<ResultOf<typeof TopV3PoolsQuery>["topV3Pools"]>[number]
>;
type TopV2Pair = NonNullable<
  NonNullable<ResultOf<typeof TopV2PairsQuery>["topV2Pairs"]>[number]
>;

/** A pool of any version as the top pools queries return it. */
export type TopPool = TopV4Pool | TopV3Pool | TopV2Pair;

/** A top pool as a pools-table row. V2 pairs all charge 0.3%. */
export function poolRow(pool: TopPool): PoolRow {
  const address = "poolId" in pool ? pool.poolId : pool.address;
  const feeTier = "feeTier" in pool ? pool.feeTier ?? null : V2_FEE_TIER;
  const tvl = pool.totalLiquidity?.value ?? null;
  const volume1d = pool.volume24h?.value ?? null;
  return {
    id: pool.id,
    href: poolHref(pool.chain, address),
    token0Symbol: pool.token0?.symbol ?? "UNK",
    token1Symbol: pool.token1?.symbol ?? "UNK",
    token0Logo: pool.token0?.project?.logoUrl ?? null,
    token1Logo: pool.token1?.project?.logoUrl ?? null,
    protocolVersion: pool.protocolVersion,
    feeTier,
    isDynamicFee: "isDynamicFee" in pool ? pool.isDynamicFee ?? false : false,
    tvl,
    volume1d,
    volume30d: pool.volume30d?.value ?? null,
    // A dynamic fee is set by the hook per swap: the fee tier says nothing about earnings.
    apr: "isDynamicFee" in pool && pool.isDynamicFee ? null : poolApr(volume1d, feeTier, tvl),
  };
}
