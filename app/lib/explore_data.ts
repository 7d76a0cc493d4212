/**
 * Data of the explore screens, fetched the same way by the loaders (server
 * client) and by "load more" in the browser (the shared urql client): top
 * tokens, top pools with TVL cursors, chain transactions with timestamp
 * cursors, and the protocol volume of the last month.
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { Chain } from "../../lib/chains.ts";
import { runQuery } from "../../queries/client.ts";
import {
  DailyProtocolVolumeQuery,
  TopV2PairsQuery,
  TopV3PoolsQuery,
  TopV4PoolsQuery,
  V2TransactionsQuery,
  V3TransactionsQuery,
  V4TransactionsQuery,
} from "../../queries/pools.ts";
import { TopTokensQuery } from "../../queries/token.ts";
import type { SeriesPoint } from "./chart.ts";
import { poolRow, topTokenRows, transactionRows } from "./rows.ts";
import type { PoolRow, TokenRow, TransactionRow } from "./rows.ts";
import type { Cursors, Page, Version } from "./paging.ts";
import { VERSIONS } from "./paging.ts";

/** Rows per page of the pools and transactions lists (per version). */
export const PAGE_SIZE = 25;
/** Rows of the top tokens table. */
export const TOKENS_PAGE_SIZE = 100;

export { type Cursors, hasMore, type Page, type Version, VERSIONS } from "./paging.ts";

/** The top tokens of a chain (spam left out), in the gateway's order. */
export async function fetchTopTokens(
  client: Client,
  chain: Chain,
): Promise<TokenRow[]> {
  const { data } = await runQuery(client, TopTokensQuery, {
    chain,
    page: 1,
    pageSize: TOKENS_PAGE_SIZE,
    orderBy: "VOLUME",
  });
  return topTokenRows(data?.topTokens ?? null);
}

/**
 * A page of top pools by TVL. `cursors` undefined loads the first page of
 * the given versions; otherwise only versions with a cursor are fetched.
 */
export async function fetchTopPools(
  client: Client,
  options: {
    chain: Chain;
    versions: readonly Version[];
    cursors?: Cursors;
    tokenAddress?: string | null;
  },
): Promise<Page<PoolRow>> {
  const { chain, versions, cursors } = options;
  const tokenAddress = options.tokenAddress ?? undefined;
  const wanted = versions.filter((v) => cursors === undefined || (cursors[v] !== null && cursors[v] !== undefined));
  const results = await Promise.all(wanted.map(async (version) => {
    const vars = {
      chain,
      first: PAGE_SIZE,
      cursor: cursors?.[version] ?? undefined,
      tokenAddress,
    };
    let pools;
    if (version === "v4") {
      pools = (await runQuery(client, TopV4PoolsQuery, vars)).data?.topV4Pools;
    } else if (version === "v3") {
      pools = (await runQuery(client, TopV3PoolsQuery, vars)).data?.topV3Pools;
    } else {
      pools = (await runQuery(client, TopV2PairsQuery, vars)).data?.topV2Pairs;
    }
    const rows = (pools ?? []).flatMap((p) => (p ? [poolRow(p)] : []));
    const last = rows[rows.length - 1];
    const next = rows.length === PAGE_SIZE && last?.tvl != null ? last.tvl : null;
    return { version, rows, next };
  }));
  const next: Partial<Record<Version, number | null>> = {};
  for (const v of versions) next[v] = null;
  for (const r of results) next[r.version] = r.next;
  const rows = results.flatMap((r) => r.rows)
    .sort((a, b) => (b.tvl ?? 0) - (a.tvl ?? 0));
  return { rows, cursors: next };
}

/**
 * A page of a chain's pool transactions of every version, newest first.
 * Same cursor rules as {@link fetchTopPools}.
 */
export async function fetchChainTransactions(
  client: Client,
  options: { chain: Chain; cursors?: Cursors },
): Promise<Page<TransactionRow>> {
  const { chain, cursors } = options;
  const wanted = VERSIONS.filter((v) => cursors === undefined || (cursors[v] !== null && cursors[v] !== undefined));
  const results = await Promise.all(wanted.map(async (version) => {
    const vars = {
      chain,
      first: PAGE_SIZE,
      cursor: cursors?.[version] ?? undefined,
    };
    let txs;
    if (version === "v4") {
      txs = (await runQuery(client, V4TransactionsQuery, vars)).data
        ?.v4Transactions;
    } else if (version === "v3") {
      txs = (await runQuery(client, V3TransactionsQuery, vars)).data
        ?.v3Transactions;
    } else {
      txs = (await runQuery(client, V2TransactionsQuery, vars)).data
        ?.v2Transactions;
    }
    const rows = transactionRows(txs);
    const next = rows.length === PAGE_SIZE ? rows[rows.length - 1].timestamp : null;
    return { version, rows, next };
  }));
  const next: Partial<Record<Version, number | null>> = {
    v4: null,
    v3: null,
    v2: null,
  };
  for (const r of results) next[r.version] = r.next;
  const rows = results.flatMap((r) => r.rows)
    .sort((a, b) => b.timestamp - a.timestamp);
  return { rows, cursors: next };
}

/** One day of protocol volume, split by version. */
export interface VolumeDay extends SeriesPoint {
  readonly v4: number;
  readonly v3: number;
  readonly v2: number;
}

/** Daily volume of V2, V3 and V4 on a chain over the last month, summed per day. */
export async function fetchProtocolVolume(client: Client, chain: Chain): Promise<VolumeDay[]> {
  const [v4, v3, v2] = await Promise.all(
    (["V4", "V3", "V2"] as const).map(async (version) =>
      (await runQuery(client, DailyProtocolVolumeQuery, { chain, version })).data
        ?.historicalProtocolVolume ?? []
    ),
  );
  const days = new Map<number, { v4: number; v3: number; v2: number }>();
  const add = (
    list: readonly { timestamp: number; value: number }[],
    key: "v4" | "v3" | "v2",
  ) => {
    for (const p of list) {
      const day = days.get(p.timestamp) ?? { v4: 0, v3: 0, v2: 0 };
      day[key] += p.value;
      days.set(p.timestamp, day);
    }
  };
  add(v4, "v4");
  add(v3, "v3");
  add(v2, "v2");
  return [...days.entries()].sort((a, b) => a[0] - b[0]).map((
    [timestamp, d],
  ) => ({ timestamp, value: d.v4 + d.v3 + d.v2, ...d }));
}
