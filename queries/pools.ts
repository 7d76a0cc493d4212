/**
 * Pool documents: ticks, pool price and volume history, pool / token /
 * global transactions (each with `first` and a timestamp cursor), top
 * V2/V3/V4 pools and protocol volume.
 *
 * @module
 */
import { graphql } from "./graphql.ts";
import {
  PoolPricePointFragment,
  PoolSummaryFragment,
  PoolTransactionFragment,
  SeriesPointFragment,
  V4PoolSummaryFragment,
} from "./fragments.ts";

/** `AllV3Ticks`: initialised ticks of a V3 pool (`skip` and `first` page). */
export const AllV3TicksQuery = graphql(`
  query AllV3Ticks(
    $chain: Chain!
    $address: String!
    $skip: Int
    $first: Int
  ) {
    v3Pool(chain: $chain, address: $address) {
      id
      ticks(skip: $skip, first: $first) {
        id
        tickIdx
        liquidityGross
        liquidityNet
        price0
        price1
      }
    }
  }
`);

/** `AllV4Ticks`: initialised ticks of a V4 pool. */
export const AllV4TicksQuery = graphql(`
  query AllV4Ticks(
    $chain: Chain!
    $poolId: String!
    $skip: Int
    $first: Int
  ) {
    v4Pool(chain: $chain, poolId: $poolId) {
      id
      ticks(skip: $skip, first: $first) {
        id
        tickIdx
        liquidityGross
        liquidityNet
        price0
        price1
      }
    }
  }
`);

/**
 * `PoolPriceHistory`: token0/token1 price series of a pool. Set exactly one
 * of `isV4` (then `addressOrId` is a pool id), `isV3`, `isV2`.
 */
export const PoolPriceHistoryQuery = graphql(
  `
  query PoolPriceHistory(
    $chain: Chain!
    $addressOrId: String!
    $duration: HistoryDuration!
    $isV4: Boolean!
    $isV3: Boolean!
    $isV2: Boolean!
  ) {
    v4Pool(chain: $chain, poolId: $addressOrId) @include(if: $isV4) {
      id
      priceHistory(duration: $duration) {
        ...PoolPricePoint
      }
    }
    v3Pool(chain: $chain, address: $addressOrId) @include(if: $isV3) {
      id
      priceHistory(duration: $duration) {
        ...PoolPricePoint
      }
    }
    v2Pair(chain: $chain, address: $addressOrId) @include(if: $isV2) {
      id
      priceHistory(duration: $duration) {
        ...PoolPricePoint
      }
    }
  }
`,
  [PoolPricePointFragment],
);

/** `PoolVolumeHistory`: volume series of a pool (same switches). */
export const PoolVolumeHistoryQuery = graphql(
  `
  query PoolVolumeHistory(
    $chain: Chain!
    $addressOrId: String!
    $duration: HistoryDuration!
    $isV4: Boolean!
    $isV3: Boolean!
    $isV2: Boolean!
  ) {
    v4Pool(chain: $chain, poolId: $addressOrId) @include(if: $isV4) {
      id
      historicalVolume(duration: $duration) {
        ...SeriesPoint
      }
    }
    v3Pool(chain: $chain, address: $addressOrId) @include(if: $isV3) {
      id
      historicalVolume(duration: $duration) {
        ...SeriesPoint
      }
    }
    v2Pair(chain: $chain, address: $addressOrId) @include(if: $isV2) {
      id
      historicalVolume(duration: $duration) {
        ...SeriesPoint
      }
    }
  }
`,
  [SeriesPointFragment],
);

/** `V4PoolTransactions`: a V4 pool's transactions, newest first. */
export const V4PoolTransactionsQuery = graphql(
  `
  query V4PoolTransactions(
    $chain: Chain!
    $poolId: String!
    $first: Int!
    $cursor: Int
  ) {
    v4Pool(chain: $chain, poolId: $poolId) {
      id
      transactions(first: $first, timestampCursor: $cursor) {
        ...PoolTransactionParts
      }
    }
  }
`,
  [PoolTransactionFragment],
);

/** `V3PoolTransactions`: a V3 pool's transactions, newest first. */
export const V3PoolTransactionsQuery = graphql(
  `
  query V3PoolTransactions(
    $chain: Chain!
    $address: String!
    $first: Int!
    $cursor: Int
  ) {
    v3Pool(chain: $chain, address: $address) {
      id
      transactions(first: $first, timestampCursor: $cursor) {
        ...PoolTransactionParts
      }
    }
  }
`,
  [PoolTransactionFragment],
);

/** `V2PairTransactions`: a V2 pair's transactions, newest first. */
export const V2PairTransactionsQuery = graphql(
  `
  query V2PairTransactions(
    $chain: Chain!
    $address: String!
    $first: Int!
    $cursor: Int
  ) {
    v2Pair(chain: $chain, address: $address) {
      id
      transactions(first: $first, timestampCursor: $cursor) {
        ...PoolTransactionParts
      }
    }
  }
`,
  [PoolTransactionFragment],
);

/**
 * `TokenTransactions`: a token's V4, V3 and V2 pool transactions, each list
 * newest first from the timestamp cursor of that version.
 */
export const TokenTransactionsQuery = graphql(
  `
  query TokenTransactions(
    $chain: Chain!
    $address: String
    $first: Int!
    $cursor4: Int
    $cursor3: Int
    $cursor2: Int
  ) {
    token(chain: $chain, address: $address) {
      id
      chain
      address
      v4Transactions(first: $first, timestampCursor: $cursor4) {
        ...PoolTransactionParts
      }
      v3Transactions(first: $first, timestampCursor: $cursor3) {
        ...PoolTransactionParts
      }
      v2Transactions(first: $first, timestampCursor: $cursor2) {
        ...PoolTransactionParts
      }
    }
  }
`,
  [PoolTransactionFragment],
);

/** `V4Transactions`: every V4 transaction on a chain, newest first. */
export const V4TransactionsQuery = graphql(
  `
  query V4Transactions($chain: Chain!, $first: Int!, $cursor: Int) {
    v4Transactions(chain: $chain, first: $first, timestampCursor: $cursor) {
      ...PoolTransactionParts
    }
  }
`,
  [PoolTransactionFragment],
);

/** `V3Transactions`: every V3 transaction on a chain, newest first. */
export const V3TransactionsQuery = graphql(
  `
  query V3Transactions($chain: Chain!, $first: Int!, $cursor: Int) {
    v3Transactions(chain: $chain, first: $first, timestampCursor: $cursor) {
      ...PoolTransactionParts
    }
  }
`,
  [PoolTransactionFragment],
);

/** `V2Transactions`: every V2 transaction on a chain, newest first. */
export const V2TransactionsQuery = graphql(
  `
  query V2Transactions($chain: Chain!, $first: Int!, $cursor: Int) {
    v2Transactions(chain: $chain, first: $first, timestampCursor: $cursor) {
      ...PoolTransactionParts
    }
  }
`,
  [PoolTransactionFragment],
);

/**
 * `TopV4Pools`: V4 pools by TVL; `cursor` is the TVL to continue below,
 * `tokenAddress` keeps the pools of one token.
 */
export const TopV4PoolsQuery = graphql(
  `
  query TopV4Pools(
    $chain: Chain!
    $first: Int!
    $cursor: Float
    $tokenAddress: String
  ) {
    topV4Pools(
      chain: $chain
      first: $first
      tvlCursor: $cursor
      tokenFilter: $tokenAddress
    ) {
      ...V4PoolSummary
    }
  }
`,
  [V4PoolSummaryFragment],
);

/** `TopV3Pools`: V3 pools by TVL (same paging and filter). */
export const TopV3PoolsQuery = graphql(
  `
  query TopV3Pools(
    $chain: Chain!
    $first: Int!
    $cursor: Float
    $tokenAddress: String
  ) {
    topV3Pools(
      chain: $chain
      first: $first
      tvlCursor: $cursor
      tokenFilter: $tokenAddress
    ) {
      ...PoolSummary
      feeTier
    }
  }
`,
  [PoolSummaryFragment],
);

/** `TopV2Pairs`: V2 pairs by TVL (same paging and filter). */
export const TopV2PairsQuery = graphql(
  `
  query TopV2Pairs(
    $chain: Chain!
    $first: Int!
    $cursor: Float
    $tokenAddress: String
  ) {
    topV2Pairs(
      chain: $chain
      first: $first
      tvlCursor: $cursor
      tokenFilter: $tokenAddress
    ) {
      ...PoolSummary
    }
  }
`,
  [PoolSummaryFragment],
);

/** `DailyProtocolVolume`: daily volume of a protocol version on a chain over a month. */
export const DailyProtocolVolumeQuery = graphql(
  `
  query DailyProtocolVolume($chain: Chain!, $version: ProtocolVersion!) {
    historicalProtocolVolume(
      chain: $chain
      version: $version
      duration: MONTH
    ) {
      ...SeriesPoint
    }
  }
`,
  [SeriesPointFragment],
);

/** The pool documents by operation name. */
export const POOL_DOCUMENTS = {
  AllV3Ticks: AllV3TicksQuery,
  AllV4Ticks: AllV4TicksQuery,
  PoolPriceHistory: PoolPriceHistoryQuery,
  PoolVolumeHistory: PoolVolumeHistoryQuery,
  V4PoolTransactions: V4PoolTransactionsQuery,
  V3PoolTransactions: V3PoolTransactionsQuery,
  V2PairTransactions: V2PairTransactionsQuery,
  TokenTransactions: TokenTransactionsQuery,
  V4Transactions: V4TransactionsQuery,
  V3Transactions: V3TransactionsQuery,
  V2Transactions: V2TransactionsQuery,
  TopV4Pools: TopV4PoolsQuery,
  TopV3Pools: TopV3PoolsQuery,
  TopV2Pairs: TopV2PairsQuery,
  DailyProtocolVolume: DailyProtocolVolumeQuery,
} as const;
