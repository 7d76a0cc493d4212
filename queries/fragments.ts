/**
 * Fragments shared by the query documents.
 *
 * @module
 */
import { graphql } from "./graphql.ts";

/** Identity of a token: chain, address, symbol, name, decimals, standard. */
export const TokenBasicFragment = graphql(`
  fragment TokenBasic on Token {
    id
    chain
    address
    symbol
    name
    decimals
    standard
  }
`);

/** The project of a token: logo, safety level and spam flags. */
export const TokenProjectBasicFragment = graphql(`
  fragment TokenProjectBasic on Token {
    project {
      id
      name
      logoUrl
      logo {
        id
        url
      }
      safetyLevel
      isSpam
      spamCode
    }
  }
`);

/** A token with its basic project data. */
export const TokenSummaryFragment = graphql(
  `
  fragment TokenSummary on Token {
    ...TokenBasic
    ...TokenProjectBasic
  }
`,
  [TokenBasicFragment, TokenProjectBasicFragment],
);

/** Fee-on-transfer data of a token. */
export const TokenFeeDataFragment = graphql(`
  fragment TokenFeeData on Token {
    feeData {
      buyFeeBps
      sellFeeBps
      feeTakenOnTransfer
      externalTransferFailed
      sellReverted
    }
  }
`);

/** Protection (scam screening) result of a token. */
export const TokenProtectionInfoFragment = graphql(`
  fragment TokenProtectionInfo on Token {
    protectionInfo {
      result
      attackTypes
      blockaidFees {
        buy
        sell
        transfer
      }
    }
  }
`);

/** One point of a series of amounts (volume, TVL, price history): its time and value. */
export const SeriesPointFragment = graphql(`
  fragment SeriesPoint on TimestampedAmount {
    id
    timestamp
    value
  }
`);

/** One point of a pool's price series: each token's price in the other. */
export const PoolPricePointFragment = graphql(`
  fragment PoolPricePoint on TimestampedPoolPrice {
    id
    timestamp
    token0Price
    token1Price
  }
`);

/** What a pool table shows of a pool's token. */
export const PoolTokenFragment = graphql(`
  fragment PoolToken on Token {
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

/**
 * What pool tables and previews show of a V2 pair or a V3 pool (both are an
 * `IPool`): tokens, transactions, TVL, 24-hour and 30-day volume.
 */
export const PoolSummaryFragment = graphql(
  `
  fragment PoolSummary on IPool {
    id
    chain
    address
    protocolVersion
    token0 {
      ...PoolToken
    }
    token1 {
      ...PoolToken
    }
    txCount
    totalLiquidity {
      id
      value
    }
    volume24h: cumulativeVolume(duration: DAY) {
      id
      value
    }
    volume30d: cumulativeVolume(duration: MONTH) {
      id
      value
    }
  }
`,
  [PoolTokenFragment],
);

/**
 * The same of a V4 pool (not an `IPool`: it has a pool id, a hook, a fee the
 * hook may set and a rewards campaign).
 */
export const V4PoolSummaryFragment = graphql(
  `
  fragment V4PoolSummary on V4Pool {
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
      ...PoolToken
    }
    token1 {
      ...PoolToken
    }
    txCount
    totalLiquidity {
      id
      value
    }
    volume24h: cumulativeVolume(duration: DAY) {
      id
      value
    }
    volume30d: cumulativeVolume(duration: MONTH) {
      id
      value
    }
    rewardsCampaign {
      id
      boostedApr
    }
  }
`,
  [PoolTokenFragment],
);

/** A swap, add or remove of a pool. */
export const PoolTransactionFragment = graphql(
  `
  fragment PoolTransactionParts on PoolTransaction {
    id
    chain
    protocolVersion
    type
    hash
    timestamp
    account
    usdValue {
      id
      value
    }
    token0 {
      ...PoolToken
    }
    token0Quantity
    token1 {
      ...PoolToken
    }
    token1Quantity
  }
`,
  [PoolTokenFragment],
);

/** An NFT as activity lists show it. */
export const NftAssetSummaryFragment = graphql(`
  fragment NftAssetSummary on NftAsset {
    id
    name
    tokenId
    isSpam
    image {
      id
      url
    }
    nftContract {
      id
      chain
      address
      standard
    }
    collection {
      id
      collectionId
      name
    }
  }
`);
