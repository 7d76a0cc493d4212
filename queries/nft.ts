/**
 * NFT documents: collections, items, balances, collection search and
 * popular collections.
 *
 * @module
 */
import { graphql } from "./graphql.ts";
import { NftAssetSummaryFragment } from "./fragments.ts";

/** Floor, owners, volume and listing stats of a collection (in ETH). */
export const NftCollectionStatsFragment = graphql(`
  fragment NftCollectionStats on NftCollection {
    markets(currencies: [ETH]) {
      id
      floorPrice {
        id
        currency
        value
      }
      owners
      totalVolume {
        id
        currency
        value
      }
      volume(duration: DAY) {
        id
        currency
        value
      }
      volumePercentChange(duration: DAY) {
        id
        value
      }
      floorPricePercentChange(duration: DAY) {
        id
        value
      }
      sales(duration: DAY) {
        id
        value
      }
      listings {
        id
        value
      }
      percentListed {
        id
        value
      }
    }
  }
`);

/** Header data of a collection. */
export const NftCollectionSummaryFragment = graphql(
  `
  fragment NftCollectionSummary on NftCollection {
    id
    collectionId
    name
    description
    isVerified
    numAssets
    homepageUrl
    twitterName
    discordUrl
    image {
      id
      url
    }
    bannerImage {
      id
      url
    }
    nftContracts {
      id
      chain
      address
      standard
      totalSupply
    }
    ...NftCollectionStats
  }
`,
  [NftCollectionStatsFragment],
);

/** A collection as search results and the popular list show it: name, image, contracts and floor price. */
export const NftCollectionCardFragment = graphql(`
  fragment NftCollectionCard on NftCollection {
    id
    collectionId
    name
    isVerified
    image {
      id
      url
    }
    nftContracts {
      id
      chain
      address
    }
    markets(currencies: [ETH]) {
      id
      floorPrice {
        id
        currency
        value
      }
    }
  }
`);

/** The cheapest listing of an asset. */
export const NftListingFragment = graphql(`
  fragment NftListing on NftAsset {
    listings(first: 1, asc: true) {
      edges {
        node {
          id
          marketplace
          marketplaceUrl
          price {
            id
            currency
            value
          }
          status
          endAt
        }
      }
    }
  }
`);

/**
 * `NftCollection`: a collection by contract address, with its assets
 * (cheapest first, paged by `first` and `after`).
 */
export const NftCollectionQuery = graphql(
  `
  query NftCollection(
    $contractAddress: String!
    $first: Int
    $after: String
  ) {
    nftCollections(filter: { addresses: [$contractAddress] }) {
      edges {
        node {
          ...NftCollectionSummary
        }
      }
    }
    nftAssets(
      address: $contractAddress
      first: $first
      after: $after
      orderBy: PRICE
      asc: true
    ) {
      totalCount
      edges {
        cursor
        node {
          id
          name
          tokenId
          ownerAddress
          image {
            id
            url
          }
          ...NftListing
        }
      }
      pageInfo {
        endCursor
        hasNextPage
        hasPreviousPage
        startCursor
      }
    }
  }
`,
  [NftCollectionSummaryFragment, NftListingFragment],
);

/**
 * `NftItem`: one asset with its traits, listings, creator and collection
 * stats, and its recent activity.
 */
export const NftItemQuery = graphql(
  `
  query NftItem($contractAddress: String!, $tokenId: String!) {
    nftAssets(address: $contractAddress, filter: { tokenIds: [$tokenId] }) {
      edges {
        node {
          id
          name
          tokenId
          description
          ownerAddress
          animationUrl
          suspiciousFlag
          isSpam
          image {
            id
            url
            dimensions {
              id
              width
              height
            }
          }
          nftContract {
            id
            chain
            address
            standard
          }
          creator {
            id
            address
            username
            isVerified
            profileImage {
              id
              url
            }
          }
          traits {
            id
            name
            value
            rarity
          }
          ...NftListing
          collection {
            ...NftCollectionSummary
          }
        }
      }
    }
    nftActivity(
      filter: { address: $contractAddress, tokenId: $tokenId }
      first: 25
    ) {
      edges {
        node {
          id
          type
          marketplace
          fromAddress
          toAddress
          transactionHash
          quantity
          timestamp
          price {
            id
            currency
            value
          }
        }
      }
    }
  }
`,
  [NftCollectionSummaryFragment, NftListingFragment],
);

/** `NftBalances`: the NFTs a wallet owns, paged. */
export const NftBalancesQuery = graphql(
  `
  query NftBalances(
    $ownerAddress: String!
    $chains: [Chain!]!
    $first: Int
    $after: String
    $filter: NftBalancesFilterInput
  ) {
    nftBalances(
      ownerAddress: $ownerAddress
      chains: $chains
      first: $first
      after: $after
      filter: $filter
    ) {
      edges {
        node {
          id
          quantity
          listedMarketplaces
          lastPrice {
            id
            currency
            value
            timestamp
          }
          ownedAsset {
            ...NftAssetSummary
            chain
            description
            thumbnail {
              id
              url
            }
            collection {
              isVerified
              markets(currencies: [ETH]) {
                id
                floorPrice {
                  id
                  value
                }
              }
            }
          }
        }
      }
      pageInfo {
        endCursor
        hasNextPage
        hasPreviousPage
        startCursor
      }
    }
  }
`,
  [NftAssetSummaryFragment],
);

/** `CollectionSearch`: collections whose name matches `query`. */
export const CollectionSearchQuery = graphql(
  `
  query CollectionSearch($query: String!) {
    nftCollections(filter: { nameQuery: $query }) {
      edges {
        cursor
        node {
          ...NftCollectionCard
          numAssets
        }
      }
    }
  }
`,
  [NftCollectionCardFragment],
);

/** `PopularNftCollections`: the top 2 collections on ETHEREUM by daily volume. */
export const PopularNftCollectionsQuery = graphql(
  `
  query PopularNftCollections {
    topCollections(
      chains: [ETHEREUM]
      orderBy: VOLUME
      duration: DAY
      first: 2
    ) {
      edges {
        node {
          ...NftCollectionCard
          markets(currencies: [ETH]) {
            volume(duration: DAY) {
              id
              value
            }
          }
        }
      }
    }
  }
`,
  [NftCollectionCardFragment],
);

/** The NFT documents by operation name. */
export const NFT_DOCUMENTS = {
  NftCollection: NftCollectionQuery,
  NftItem: NftItemQuery,
  NftBalances: NftBalancesQuery,
  CollectionSearch: CollectionSearchQuery,
  PopularNftCollections: PopularNftCollectionsQuery,
} as const;
