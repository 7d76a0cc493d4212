/**
 * Data of the pool page, fetched the same way by its loader and by the
 * browser (chart switches, transaction paging): price and volume history,
 * liquidity by tick, transactions.
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { Chain } from "../../lib/chains.ts";
import { runQuery } from "../../queries/client.ts";
import type { HistoryDuration } from "../../queries/graphql.ts";
import {
  AllV3TicksQuery,
  AllV4TicksQuery,
  PoolPriceHistoryQuery,
  PoolVolumeHistoryQuery,
  V2PairTransactionsQuery,
  V3PoolTransactionsQuery,
  V4PoolTransactionsQuery,
} from "../../queries/pools.ts";
import { cleanSeries } from "../lib/chart.ts";
import { transactionRows } from "../lib/rows.ts";
import type { TokenChart } from "./token_data.ts";
import type { TransactionRow } from "../lib/rows.ts";

/** Transactions per page on the pool page. */
export const POOL_TX_PAGE = 25;
/** Ticks read for the liquidity chart. */
export const TICKS_FIRST = 1000;

/** Which pool the page is about. */
export interface PoolRef {
  readonly chain: Chain;
  readonly version: "V2" | "V3" | "V4";
  /** Contract address (V2, V3) or pool id (V4). */
  readonly address: string;
}

/** Chart kinds of the pool page. */
export type PoolChartKind = "price" | "volume";

function switches(ref: PoolRef) {
  return {
    chain: ref.chain,
    addressOrId: ref.address,
    isV4: ref.version === "V4",
    isV3: ref.version === "V3",
    isV2: ref.version === "V2",
  };
}

/**
 * Fetches a pool chart: the price of token0 in token1 (a line), or the
 * volume (bars).
 */
export async function fetchPoolChart(
  client: Client,
  ref: PoolRef,
  kind: PoolChartKind,
  duration: HistoryDuration,
): Promise<TokenChart | null> {
  if (kind === "price") {
    const { data } = await runQuery(client, PoolPriceHistoryQuery, {
      ...switches(ref),
      duration,
    });
    const pool = data?.v4Pool ?? data?.v3Pool ?? data?.v2Pair;
    if (!pool) return null;
    return {
      kind: "line",
      series: cleanSeries(
        (pool.priceHistory ?? []).flatMap((p) => p ? [{ timestamp: p.timestamp, value: p.token0Price }] : []),
      ),
    };
  }
  const { data } = await runQuery(client, PoolVolumeHistoryQuery, {
    ...switches(ref),
    duration,
  });
  const pool = data?.v4Pool ?? data?.v3Pool ?? data?.v2Pair;
  if (!pool) return null;
  return {
    kind: "bars",
    series: cleanSeries(
      (pool.historicalVolume ?? []).flatMap((p) => (p ? [p] : [])),
    ),
  };
}

/** A page of the pool's transactions, newest first. */
export async function fetchPoolTransactions(
  client: Client,
  ref: PoolRef,
  cursor?: number | null,
): Promise<{ rows: TransactionRow[]; cursors: { next: number | null } }> {
  const base = {
    chain: ref.chain,
    first: POOL_TX_PAGE,
    cursor: cursor ?? undefined,
  };
  let txs;
  if (ref.version === "V4") {
    txs = (await runQuery(client, V4PoolTransactionsQuery, {
      ...base,
      poolId: ref.address,
    })).data?.v4Pool?.transactions;
  } else if (ref.version === "V3") {
    txs = (await runQuery(client, V3PoolTransactionsQuery, {
      ...base,
      address: ref.address,
    })).data?.v3Pool?.transactions;
  } else {
    txs = (await runQuery(client, V2PairTransactionsQuery, {
      ...base,
      address: ref.address,
    })).data?.v2Pair?.transactions;
  }
  const rows = transactionRows(txs);
  return {
    rows,
    cursors: {
      next: rows.length === POOL_TX_PAGE ? rows[rows.length - 1].timestamp : null,
    },
  };
}

/** One initialised tick as the gateway returns it. */
export interface Tick {
  readonly tickIdx?: number | null;
  readonly liquidityNet?: string | null;
  readonly price0?: string | null;
}

/** Liquidity active between one tick and the next. */
export interface LiquidityBar {
  readonly tickIdx: number;
  /** Price of token0 in token1 at the tick. */
  readonly price0: number;
  /** Active liquidity (sum of `liquidityNet` of every tick up to this one). */
  readonly liquidity: number;
}

/**
 * The liquidity distribution from initialised ticks: walking up the ticks,
 * active liquidity is the running sum of `liquidityNet` (liquidity enters
 * at a position's lower tick and leaves at its upper tick).
 */
export function liquidityDistribution(
  ticks: readonly (Tick | null | undefined)[],
): LiquidityBar[] {
  const sorted = ticks
    .flatMap((t) => t && typeof t.tickIdx === "number" && t.liquidityNet != null ? [t as Required<Tick>] : [])
    .sort((a, b) => (a.tickIdx as number) - (b.tickIdx as number));
  let active = 0n;
  const bars: LiquidityBar[] = [];
  for (const t of sorted) {
    try {
      active += BigInt(t.liquidityNet as string);
    } catch {
      continue;
    }
    bars.push({
      tickIdx: t.tickIdx as number,
      price0: Number(t.price0 ?? Number.NaN),
      liquidity: Number(active < 0n ? 0n : active),
    });
  }
  return bars;
}

/** Fetches the pool's ticks and turns them into a liquidity distribution. */
export async function fetchLiquidity(
  client: Client,
  ref: PoolRef,
): Promise<LiquidityBar[]> {
  if (ref.version === "V2") return [];
  const ticks = ref.version === "V4"
    ? (await runQuery(client, AllV4TicksQuery, {
      chain: ref.chain,
      poolId: ref.address,
      skip: 0,
      first: TICKS_FIRST,
    })).data?.v4Pool?.ticks
    : (await runQuery(client, AllV3TicksQuery, {
      chain: ref.chain,
      address: ref.address,
      skip: 0,
      first: TICKS_FIRST,
    })).data?.v3Pool?.ticks;
  return liquidityDistribution(ticks ?? []);
}
