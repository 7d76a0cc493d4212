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
import { type GatewayGraphQLError, graphqlFailure, runQuery } from "./client.ts";
import { PoolSummaryFragment, PoolTokenFragment, TokenBasicFragment, V4PoolSummaryFragment } from "./fragments.ts";

/** `Token`: symbol, name, logo, USD price and 24h change of a token (no address: the native token). */
export const TokenQuery = graphql(
  `
  query Token($chain: Chain!, $address: String) {
    token(chain: $chain, address: $address) {
      ...TokenBasic
      market(currency: USD) {
        id
        price {
          id
          value
        }
        pricePercentChange24H: pricePercentChange(duration: DAY) {
          id
          value
        }
      }
      project {
        id
        name
        logoUrl
        safetyLevel
        isSpam
      }
    }
  }
`,
  [TokenBasicFragment],
);

/**
 * `V4Pool`: a V4 pool by pool id, with hook, dynamic fee, rewards and the
 * supply of each token.
 */
export const V4PoolQuery = graphql(
  `
  query V4Pool($chain: Chain!, $poolId: String!) {
    v4Pool(chain: $chain, poolId: $poolId) {
      ...V4PoolSummary
      token0Supply
      token1Supply
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
  [V4PoolSummaryFragment],
);

/**
 * `AddressPool`: a 40-hex pool address read as a V3 pool and as a V2 pair in
 * one call (the gateway answers `null` for the version it is not).
 */
export const AddressPoolQuery = graphql(
  `
  query AddressPool($chain: Chain!, $address: String!) {
    v3Pool(chain: $chain, address: $address) {
      ...PoolSummary
      feeTier
      token0Supply
      token1Supply
    }
    v2Pair(chain: $chain, address: $address) {
      ...PoolSummary
      token0Supply
      token1Supply
    }
  }
`,
  [PoolSummaryFragment],
);

/**
 * `NftAssetPreview`: one NFT (by contract and token id) for its preview: name,
 * image, cheapest listing, and its collection's name, verified mark, image and
 * floor (ETH).
 */
export const NftAssetPreviewQuery = graphql(`
  query NftAssetPreview($contractAddress: String!, $tokenId: String!) {
    nftAssets(address: $contractAddress, filter: { tokenIds: [$tokenId] }) {
      edges {
        node {
          id
          name
          tokenId
          image {
            id
            url
          }
          listings(first: 1, asc: true) {
            edges {
              node {
                id
                price {
                  id
                  currency
                  value
                }
              }
            }
          }
          collection {
            id
            name
            isVerified
            markets(currencies: [ETH]) {
              id
              floorPrice {
                id
                currency
                value
              }
            }
          }
        }
      }
    }
  }
`);

/**
 * `NftCollectionPreview`: one NFT collection (by contract) for its preview:
 * name, verified mark, image, items, and its floor, 24 h volume (ETH) and owners.
 */
export const NftCollectionPreviewQuery = graphql(`
  query NftCollectionPreview($contractAddress: String!) {
    nftCollections(filter: { addresses: [$contractAddress] }) {
      edges {
        node {
          id
          name
          isVerified
          numAssets
          image {
            id
            url
          }
          markets(currencies: [ETH]) {
            id
            floorPrice {
              id
              currency
              value
            }
            owners
            volume(duration: DAY) {
              id
              currency
              value
            }
          }
        }
      }
    }
  }
`);

/** The edge documents by operation name (the `/graphql` relay allows them too: `documents.ts`). */
export const EDGE_DOCUMENTS = {
  Token: TokenQuery,
  V4Pool: V4PoolQuery,
  AddressPool: AddressPoolQuery,
} as const;

/**
 * The NFT previews' documents by operation name: sent by the service
 * (crawler views and share images); like {@linkcode EDGE_DOCUMENTS} they are
 * in `documents.ts`'s `ALL_DOCUMENTS` (the demo gateway answers them with
 * `sample_variables.ts`); `edge_test.ts` validates them against both schemas.
 */
export const EDGE_NFT_DOCUMENTS = {
  NftAssetPreview: NftAssetPreviewQuery,
  NftCollectionPreview: NftCollectionPreviewQuery,
} as const;

/** An NFT as `NftAssetPreview` returns it. */
export type EdgeNftAsset = NonNullable<
  NonNullable<ResultOf<typeof NftAssetPreviewQuery>["nftAssets"]>["edges"][number]["node"]
>;
/** An NFT collection as `NftCollectionPreview` returns it. */
export type EdgeNftCollection = NonNullable<
  NonNullable<ResultOf<typeof NftCollectionPreviewQuery>["nftCollections"]>["edges"][number]["node"]
>;

/**
 * Fetches an NFT (on Ethereum) by contract address and decimal token id; `null`
 * when the gateway knows none (an answer of errors instead rejects).
 *
 * @throws {GatewayError} when the gateway cannot be read
 */
export async function fetchEdgeNftAsset(
  client: Client,
  contractAddress: string,
  tokenId: string,
): Promise<EdgeNftAsset | null> {
  const { data, errors } = await runQuery(client, NftAssetPreviewQuery, { contractAddress, tokenId });
  const node = data?.nftAssets?.edges.find((edge) => edge?.node?.tokenId === tokenId)?.node ??
    data?.nftAssets?.edges[0]?.node;
  return node ?? noPool(errors);
}

/**
 * Fetches an NFT collection (on Ethereum) by contract address; `null` when the
 * gateway knows none (an answer of errors instead rejects).
 *
 * @throws {GatewayError} when the gateway cannot be read
 */
export async function fetchEdgeNftCollection(
  client: Client,
  contractAddress: string,
): Promise<EdgeNftCollection | null> {
  const { data, errors } = await runQuery(client, NftCollectionPreviewQuery, { contractAddress });
  return data?.nftCollections?.edges[0]?.node ?? noPool(errors);
}

/** A token as `Token` returns it. */
export type EdgeToken = NonNullable<ResultOf<typeof TokenQuery>["token"]>;
/** One of the two tokens of a pool as the pool documents return it. */
export type EdgePoolToken = ResultOf<typeof PoolTokenFragment>;

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
 * when the gateway does not know it; when it answered no token but errors,
 * the lookup failed and rejects (an unknown token is not proven, and must not
 * be remembered as one).
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
  const { data, errors } = await runQuery(client, TokenQuery, {
    chain,
    address: resolved ?? null,
  });
  return data?.token ?? noPool(errors);
}

/**
 * Fetches a pool for a chain and a URL address: a 64-hex V4 pool id reads
 * `V4Pool`; a 40-hex address reads `AddressPool`, one call that asks for a V3
 * pool and a V2 pair at once (a V3 pool wins if both answer). `null` when
 * the gateway knows none; when it knows none but answered errors, the lookup
 * failed and rejects (an unknown pool is not proven).
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
    const { data, errors } = await runQuery(client, V4PoolQuery, {
      chain,
      poolId: ref.poolId,
    });
    const pool = data?.v4Pool;
    if (!pool) return noPool(errors);
    return {
      ...commonPool(pool),
      protocolVersion: "V4",
      address: pool.poolId,
      feeTier: pool.feeTier ?? null,
      isDynamicFee: pool.isDynamicFee ?? false,
      hookAddress: pool.hook?.address ?? null,
      rewardsBoostedApr: pool.rewardsCampaign?.boostedApr ?? null,
    };
  }
  const { data, errors } = await runQuery(client, AddressPoolQuery, {
    chain,
    address: ref.address,
  });
  const pool3 = data?.v3Pool;
  if (pool3) {
    return {
      ...commonPool(pool3),
      protocolVersion: "V3",
      address: pool3.address,
      feeTier: pool3.feeTier ?? null,
    };
  }
  const pair = data?.v2Pair;
  if (!pair) return noPool(errors);
  return {
    ...commonPool(pair),
    protocolVersion: "V2",
    address: pair.address,
    feeTier: V2_FEE_TIER,
  };
}

/** `null`, or the gateway's errors when it answered some instead of a token or pool. */
function noPool(errors: readonly GatewayGraphQLError[]): null {
  if (errors.length > 0) throw graphqlFailure(errors);
  return null;
}

/** The fields every version shares, with the defaults of V2 and V3. */
function commonPool(pool: PoolFields) {
  return {
    chain: pool.chain,
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

/** What every version's answer has (V2, V3 and V4 type them alike). */
type PoolFields = Pick<
  NonNullable<ResultOf<typeof V4PoolQuery>["v4Pool"]>,
  | "chain"
  | "token0"
  | "token1"
  | "token0Supply"
  | "token1Supply"
  | "txCount"
  | "volume24h"
  | "volume30d"
  | "totalLiquidity"
>;
