/**
 * Data of the token page, fetched the same way by its loader and by the
 * browser (chart duration switch, transaction paging).
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { Chain } from "../../lib/chains.ts";
import { runQuery } from "../../queries/client.ts";
import type { HistoryDuration } from "../../queries/graphql.ts";
import { TokenTransactionsQuery } from "../../queries/pools.ts";
import {
  fetchTokenPriceChart,
  TokenHistoricalTvlsQuery,
  TokenHistoricalVolumesQuery,
  TokenProjectDescriptionQuery,
} from "../../queries/token.ts";
import type { Candle, SeriesPoint } from "../lib/chart.ts";
import { cleanSeries } from "../lib/chart.ts";
import type { Cursors, Page } from "../lib/paging.ts";
import { type LanguageCode, LANGUAGES } from "../lib/token_choices.ts";

export { DURATIONS, type LanguageCode, LANGUAGES } from "../lib/token_choices.ts";
import { transactionRows } from "../lib/rows.ts";
import type { TransactionRow } from "../lib/rows.ts";

/** Rows per page of the token's transactions (per protocol version). */
export const TOKEN_TX_PAGE = 10;

/**
 * Rows of the first page, the one the document carries (per protocol
 * version): the list sits below the first screen, and "load more" adds
 * {@linkcode TOKEN_TX_PAGE} at a time.
 */
export const TOKEN_TX_FIRST_PAGE = 5;

/** What the chart shows. */
export type ChartKind = "price" | "volume" | "tvl";

/** A token chart: candles when the gateway has them, else a line. */
export type TokenChart =
  | { readonly kind: "candles"; readonly candles: Candle[] }
  | { readonly kind: "line"; readonly series: SeriesPoint[] }
  | { readonly kind: "bars"; readonly series: SeriesPoint[] };

/** Which token the page is about. */
export interface TokenRef {
  readonly chain: Chain;
  /** `null` for the chain's native token. */
  readonly address: string | null;
}

/** Fetches the chart of a token for a kind and a duration. */
export async function fetchTokenChart(
  client: Client,
  token: TokenRef,
  kind: ChartKind,
  duration: HistoryDuration,
): Promise<TokenChart | null> {
  const vars = {
    chain: token.chain,
    address: token.address ?? undefined,
    duration,
  };
  if (kind === "price") {
    const chart = await fetchTokenPriceChart(client, {
      chain: token.chain,
      address: token.address,
      duration,
    });
    if (!chart) return null;
    if (chart.kind === "candles") {
      return { kind: "candles", candles: chart.points.slice() };
    }
    return {
      kind: "line",
      series: cleanSeries(
        chart.points.map((p) => ({ timestamp: p.timestamp, value: p.close })),
      ),
    };
  }
  if (kind === "volume") {
    const { data } = await runQuery(client, TokenHistoricalVolumesQuery, vars);
    if (!data?.token) return null;
    return {
      kind: "bars",
      series: cleanSeries(data.token.market?.historicalVolume ?? []),
    };
  }
  const { data } = await runQuery(client, TokenHistoricalTvlsQuery, vars);
  if (!data?.token) return null;
  return {
    kind: "line",
    series: cleanSeries(data.token.market?.historicalTvl ?? []),
  };
}

/**
 * A page of the token's pool transactions of every version, newest first;
 * `cursors` undefined for the first page.
 */
export async function fetchTokenTransactions(
  client: Client,
  token: TokenRef,
  cursors?: Cursors,
  first: number = TOKEN_TX_PAGE,
): Promise<Page<TransactionRow>> {
  const want = (v: "v4" | "v3" | "v2") => cursors === undefined || (cursors[v] !== null && cursors[v] !== undefined);
  const { data } = await runQuery(client, TokenTransactionsQuery, {
    chain: token.chain,
    address: token.address ?? undefined,
    first,
    cursor4: cursors?.v4 ?? undefined,
    cursor3: cursors?.v3 ?? undefined,
    cursor2: cursors?.v2 ?? undefined,
  });
  const t = data?.token;
  const lists = {
    v4: want("v4") ? transactionRows(t?.v4Transactions) : [],
    v3: want("v3") ? transactionRows(t?.v3Transactions) : [],
    v2: want("v2") ? transactionRows(t?.v2Transactions) : [],
  };
  const next = (rows: TransactionRow[], v: "v4" | "v3" | "v2") =>
    want(v) && rows.length === first ? rows[rows.length - 1].timestamp : null;
  return {
    rows: [...lists.v4, ...lists.v3, ...lists.v2].sort((a, b) => b.timestamp - a.timestamp),
    cursors: {
      v4: next(lists.v4, "v4"),
      v3: next(lists.v3, "v3"),
      v2: next(lists.v2, "v2"),
    },
  };
}

/** The project description in a language (English when it has none). */
export interface Description {
  readonly lang: LanguageCode;
  readonly text: string | null;
  /** Whether the text is the English original standing in for a missing translation. */
  readonly fallback: boolean;
}

/** Fetches the project description, translated when asked and available. */
export async function fetchDescription(
  client: Client,
  token: TokenRef,
  lang: LanguageCode,
): Promise<Description> {
  const language = LANGUAGES.find((l) => l.code === lang) ?? LANGUAGES[0];
  const vars: Record<string, unknown> = {
    chain: token.chain,
    address: token.address ?? undefined,
  };
  if (language.include) vars[language.include] = true;
  const { data } = await runQuery(
    client,
    TokenProjectDescriptionQuery,
    vars as { chain: Chain; address?: string },
  );
  const project = data?.token?.project;
  const english = project?.description ?? null;
  if (!language.field) return { lang: "en", text: english, fallback: false };
  const translations = project?.descriptionTranslations as
    | Record<string, string | null | undefined>
    | null
    | undefined;
  const translated = translations?.[language.field] ?? null;
  return {
    lang: language.code,
    text: translated ?? english,
    fallback: translated === null,
  };
}
