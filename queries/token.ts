/**
 * Token documents: details, project descriptions and logos, the top tokens,
 * the price chart (candles or price history), volume and TVL history.
 *
 * @module
 */
import type { Client } from "@urql/core";
import { graphql, type HistoryDuration, type ResultOf } from "./graphql.ts";
import type { Chain } from "../lib/chains.ts";
import { type QueryResult, runQuery } from "./client.ts";
import {
  SeriesPointFragment,
  TokenBasicFragment,
  TokenFeeDataFragment,
  TokenProjectBasicFragment,
  TokenProtectionInfoFragment,
} from "./fragments.ts";

/**
 * `TokenDetails`: everything the token page shows: market (price, 24h
 * volume, TVL, 52-week high and low), fee data, protection info and the
 * project (safety level, spam flags, links, market cap).
 */
export const TokenDetailsQuery = graphql(
  `
  query TokenDetails($chain: Chain!, $address: String) {
    token(chain: $chain, address: $address) {
      ...TokenBasic
      ...TokenProjectBasic
      ...TokenFeeData
      ...TokenProtectionInfo
      market(currency: USD) {
        id
        price {
          id
          value
          currency
        }
        volume24H: volume(duration: DAY) {
          id
          value
          currency
        }
        totalValueLocked {
          id
          value
          currency
        }
        fullyDilutedValuation {
          id
          value
        }
        priceHigh52W: priceHighLow(duration: YEAR, highLow: HIGH) {
          id
          value
        }
        priceLow52W: priceHighLow(duration: YEAR, highLow: LOW) {
          id
          value
        }
        pricePercentChange24H: pricePercentChange(duration: DAY) {
          id
          value
        }
      }
      project {
        description
        homepageUrl
        twitterName
        tokens {
          id
          chain
          address
        }
        markets(currencies: [USD]) {
          id
          marketCap {
            id
            value
          }
          fullyDilutedValuation {
            id
            value
          }
          priceHigh52w {
            id
            value
          }
          priceLow52w {
            id
            value
          }
        }
      }
    }
  }
`,
  [TokenBasicFragment, TokenProjectBasicFragment, TokenFeeDataFragment, TokenProtectionInfoFragment],
);

/**
 * `TokenProjectDescription`: a project's description, with translations that
 * are each off unless asked for.
 */
export const TokenProjectDescriptionQuery = graphql(`
  query TokenProjectDescription(
    $chain: Chain!
    $address: String
    $includeSpanish: Boolean = false
    $includeFrench: Boolean = false
    $includeJapanese: Boolean = false
    $includePortuguese: Boolean = false
    $includeVietnamese: Boolean = false
    $includeChineseSimplified: Boolean = false
    $includeChineseTraditional: Boolean = false
  ) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      project {
        id
        description
        descriptionTranslations {
          id
          descriptionEsEs @include(if: $includeSpanish)
          descriptionFrFr @include(if: $includeFrench)
          descriptionJaJp @include(if: $includeJapanese)
          descriptionPtPt @include(if: $includePortuguese)
          descriptionViVn @include(if: $includeVietnamese)
          descriptionZhHans @include(if: $includeChineseSimplified)
          descriptionZhHant @include(if: $includeChineseTraditional)
        }
      }
    }
  }
`);

/** `TokenProjects`: projects of the given contracts with their tokens. */
export const TokenProjectsQuery = graphql(
  `
  query TokenProjects($contracts: [ContractInput!]!) {
    tokenProjects(contracts: $contracts) {
      id
      name
      logoUrl
      safetyLevel
      isSpam
      tokens {
        ...TokenBasic
        ...TokenFeeData
        ...TokenProtectionInfo
      }
    }
  }
`,
  [TokenBasicFragment, TokenFeeDataFragment, TokenProtectionInfoFragment],
);

/**
 * `TopTokens`: the token table. `page` defaults to 1, `pageSize` to 100 and
 * `orderBy` to POPULARITY.
 */
export const TopTokensQuery = graphql(
  `
  query TopTokens(
    $chain: Chain
    $page: Int = 1
    $pageSize: Int = 100
    $orderBy: TokenSortableField = POPULARITY
  ) {
    topTokens(
      chain: $chain
      page: $page
      pageSize: $pageSize
      orderBy: $orderBy
    ) {
      ...TokenBasic
      market(currency: USD) {
        id
        totalValueLocked {
          id
          value
        }
        volume(duration: DAY) {
          id
          value
        }
        price {
          id
          value
        }
        pricePercentChange1H: pricePercentChange(duration: HOUR) {
          id
          value
        }
        pricePercentChange1D: pricePercentChange(duration: DAY) {
          id
          value
        }
      }
      project {
        id
        logoUrl
        isSpam
        safetyLevel
        markets(currencies: [USD]) {
          id
          marketCap {
            id
            value
          }
          fullyDilutedValuation {
            id
            value
          }
        }
      }
    }
  }
`,
  [TokenBasicFragment],
);

/**
 * `TokenPrice`: price and candlestick (OHLC) data of a token for a duration;
 * with `fallback` (default false) also the plain price history, for when no
 * candles come back. {@link fetchTokenPriceChart} asks both in one request.
 */
export const TokenPriceQuery = graphql(
  `
  query TokenPrice(
    $chain: Chain!
    $address: String
    $duration: HistoryDuration!
    $fallback: Boolean = false
  ) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      market(currency: USD) {
        id
        price {
          id
          value
        }
        ohlc(duration: $duration) {
          id
          timestamp
          open {
            id
            value
          }
          high {
            id
            value
          }
          low {
            id
            value
          }
          close {
            id
            value
          }
        }
        priceHistory(duration: $duration) @include(if: $fallback) {
          ...SeriesPoint
        }
      }
    }
  }
`,
  [SeriesPointFragment],
);

/** `TokenHistoricalVolumes`: volume series of a token for a duration. */
export const TokenHistoricalVolumesQuery = graphql(
  `
  query TokenHistoricalVolumes(
    $chain: Chain!
    $address: String
    $duration: HistoryDuration!
  ) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      market(currency: USD) {
        id
        historicalVolume(duration: $duration) {
          ...SeriesPoint
        }
      }
    }
  }
`,
  [SeriesPointFragment],
);

/** `TokenHistoricalTvls`: TVL series (and current TVL) of a token. */
export const TokenHistoricalTvlsQuery = graphql(
  `
  query TokenHistoricalTvls(
    $chain: Chain!
    $address: String
    $duration: HistoryDuration!
  ) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      market(currency: USD) {
        id
        historicalTvl(duration: $duration) {
          ...SeriesPoint
        }
        totalValueLocked {
          id
          value
          currency
        }
      }
    }
  }
`,
  [SeriesPointFragment],
);

/** One point of a token price chart. */
export interface PricePoint {
  /** Unix seconds. */
  readonly timestamp: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** A token price chart: candles, or a line made of plain price points. */
export interface TokenPriceChart {
  /** `candles` when the gateway had OHLC data, `line` after the fallback. */
  readonly kind: "candles" | "line";
  /** Current price in USD, when known. */
  readonly price: number | null;
  /** Oldest first; for a line, open = high = low = close. */
  readonly points: readonly PricePoint[];
}

type TokenPriceData = ResultOf<typeof TokenPriceQuery>;

/** The points of an answer's price history, as flat candles (open = high = low = close). */
function historyPoints(market: NonNullable<NonNullable<TokenPriceData["token"]>["market"]> | null | undefined) {
  return (market?.priceHistory ?? []).flatMap((p) =>
    p ? [{ timestamp: p.timestamp, open: p.value, high: p.value, low: p.value, close: p.value }] : []
  );
}

/**
 * Fetches the price chart of a token in one request: OHLC candles and, asked
 * in the same request (`fallback: true`), the price history for a token
 * without candles, so a page never waits a second round trip for its chart.
 * `null` when the token is unknown.
 */
export async function fetchTokenPriceChart(
  client: Client,
  variables: {
    chain: Chain;
    address: string | null;
    duration: HistoryDuration;
  },
): Promise<TokenPriceChart | null> {
  const answer: QueryResult<TokenPriceData> = await runQuery(client, TokenPriceQuery, {
    ...variables,
    fallback: true,
  });
  const market = answer.data?.token?.market;
  if (!answer.data?.token) return null;
  const candles = (market?.ohlc ?? []).flatMap((c) =>
    c
      ? [{
        timestamp: c.timestamp,
        open: c.open.value,
        high: c.high.value,
        low: c.low.value,
        close: c.close.value,
      }]
      : []
  );
  const price = market?.price?.value ?? null;
  if (candles.length > 0) return { kind: "candles", price, points: candles };
  return { kind: "line", price, points: historyPoints(market) };
}

/** The token documents by operation name. */
export const TOKEN_DOCUMENTS = {
  TokenDetails: TokenDetailsQuery,
  TokenProjectDescription: TokenProjectDescriptionQuery,
  TokenProjects: TokenProjectsQuery,
  TopTokens: TopTokensQuery,
  TokenPrice: TokenPriceQuery,
  TokenHistoricalVolumes: TokenHistoricalVolumesQuery,
  TokenHistoricalTvls: TokenHistoricalTvlsQuery,
} as const;
