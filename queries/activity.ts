/**
 * Activity documents: a wallet's activity with paging (`ActivityWeb`) and the
 * subscription for new asset activity (over WebSocket, graphql-ws).
 *
 * Activity details cover on-chain transactions with every asset change kind
 * (token transfer, NFT transfer, token approval, NFT approval, NFT
 * approve-for-all, on-ramp and off-ramp transfer), swap orders, on-ramp and
 * off-ramp transactions.
 *
 * @module
 */
import { graphql } from "./graphql.ts";
import { NftAssetSummaryFragment, TokenSummaryFragment } from "./fragments.ts";

/** An on-ramp transfer (fiat in): amounts, fees, token and provider. */
export const OnRampTransferPartsFragment = graphql(
  `
  fragment OnRampTransferParts on OnRampTransfer {
    id
    tokenStandard
    amount
    sourceCurrency
    sourceAmount
    transactionReferenceId
    externalSessionId
    networkFee
    transactionFee
    totalFee
    token {
      ...TokenSummary
    }
    serviceProvider {
      id
      serviceProvider
      name
      url
      logoLightUrl
      logoDarkUrl
      supportUrl
    }
  }
`,
  [TokenSummaryFragment],
);

/** An off-ramp transfer (fiat out): amounts, fees, token and provider. */
export const OffRampTransferPartsFragment = graphql(
  `
  fragment OffRampTransferParts on OffRampTransfer {
    id
    tokenStandard
    amount
    destinationCurrency
    destinationAmount
    transactionReferenceId
    externalSessionId
    networkFee
    transactionFee
    totalFee
    token {
      ...TokenSummary
    }
    serviceProvider {
      id
      serviceProvider
      name
      url
      logoLightUrl
      logoDarkUrl
      supportUrl
    }
  }
`,
  [TokenSummaryFragment],
);

/** Every kind of asset change of an on-chain transaction. */
export const AssetChangePartsFragment = graphql(
  `
  fragment AssetChangeParts on AssetChange {
    __typename
    ... on TokenTransfer {
      id
      tokenStandard
      quantity
      sender
      recipient
      direction
      asset {
        ...TokenSummary
      }
      transactedValue {
        id
        currency
        value
      }
    }
    ... on NftTransfer {
      id
      nftStandard
      sender
      recipient
      direction
      asset {
        ...NftAssetSummary
      }
    }
    ... on TokenApproval {
      id
      tokenStandard
      approvedAddress
      quantity
      asset {
        ...TokenSummary
      }
    }
    ... on NftApproval {
      id
      nftStandard
      approvedAddress
      asset {
        ...NftAssetSummary
      }
    }
    ... on NftApproveForAll {
      id
      nftStandard
      operatorAddress
      approved
      asset {
        ...NftAssetSummary
      }
    }
    ...OnRampTransferParts
    ...OffRampTransferParts
  }
`,
  [TokenSummaryFragment, NftAssetSummaryFragment, OnRampTransferPartsFragment, OffRampTransferPartsFragment],
);

/** One activity with its details, whatever their kind. */
export const AssetActivityPartsFragment = graphql(
  `
  fragment AssetActivityParts on AssetActivity {
    id
    timestamp
    chain
    details {
      __typename
      ... on TransactionDetails {
        id
        type
        hash
        from
        to
        nonce
        transactionStatus
        application {
          id
          name
          address
          icon {
            id
            url
          }
        }
        networkFee {
          quantity
          tokenSymbol
          tokenAddress
          tokenChain
        }
        assetChanges {
          ...AssetChangeParts
        }
      }
      ... on SwapOrderDetails {
        id
        offerer
        hash
        swapOrderStatus
        swapOrderType
        expiry
        encodedOrder
        inputToken {
          ...TokenSummary
        }
        inputTokenQuantity
        outputToken {
          ...TokenSummary
        }
        outputTokenQuantity
      }
      ... on OnRampTransactionDetails {
        id
        status
        receiverAddress
        onRampTransfer {
          ...OnRampTransferParts
        }
      }
      ... on OffRampTransactionDetails {
        id
        status
        senderAddress
        offRampTransfer {
          ...OffRampTransferParts
        }
      }
    }
  }
`,
  [AssetChangePartsFragment, TokenSummaryFragment, OnRampTransferPartsFragment, OffRampTransferPartsFragment],
);

/**
 * `ActivityWeb`: the activity page of the web app, paged (`page` default 1,
 * `pageSize` default 100), with off-chain activity unless turned off.
 */
export const ActivityWebQuery = graphql(
  `
  query ActivityWeb(
    $account: String!
    $chains: [Chain!]!
    $page: Int = 1
    $pageSize: Int = 100
    $includeOffChain: Boolean = true
    $onRampTransactionIDs: [String!]
  ) {
    portfolios(ownerAddresses: [$account], chains: $chains) {
      id
      ownerAddress
      assetActivities(
        page: $page
        pageSize: $pageSize
        includeOffChain: $includeOffChain
        includeBridging: true
        chains: $chains
        onRampTransactionIDs: $onRampTransactionIDs
      ) {
        ...AssetActivityParts
      }
    }
  }
`,
  [AssetActivityPartsFragment],
);

/** `OnAssetActivity`: new activity of `account`, pushed over WebSocket. */
export const OnAssetActivitySubscription = graphql(
  `
  subscription OnAssetActivity($subscriptionId: ID!, $account: String!) {
    onAssetActivity(subscriptionId: $subscriptionId, addresses: [$account]) {
      ...AssetActivityParts
    }
  }
`,
  [AssetActivityPartsFragment],
);

/** The activity documents by operation name. */
export const ACTIVITY_DOCUMENTS = {
  ActivityWeb: ActivityWebQuery,
  OnAssetActivity: OnAssetActivitySubscription,
} as const;
