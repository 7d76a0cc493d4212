/**
 * Portfolio documents: token balances and total value of a wallet.
 *
 * @module
 */
import { graphql } from "./graphql.ts";
import { TokenSummaryFragment } from "./fragments.ts";

/** A token balance row: quantity, value, hidden flag and 24h change. */
export const TokenBalancePartsFragment = graphql(
  `
  fragment TokenBalanceParts on TokenBalance {
    id
    quantity
    isHidden
    denominatedValue {
      id
      currency
      value
    }
    tokenProjectMarket {
      id
      relativeChange24: pricePercentChange(duration: DAY) {
        id
        value
      }
    }
    token {
      ...TokenSummary
    }
  }
`,
  [TokenSummaryFragment],
);

/** Total value of a portfolio and its 24h change (absolute and percent). */
export const PortfolioTotalsFragment = graphql(`
  fragment PortfolioTotals on Portfolio {
    id
    ownerAddress
    tokensTotalDenominatedValue {
      id
      value
    }
    tokensTotalDenominatedValueChange(duration: DAY) {
      id
      absolute {
        id
        value
      }
      percentage {
        id
        value
      }
    }
  }
`);

/** `PortfolioBalances`: the balances of one wallet (`ownerAddress`). */
export const PortfolioBalancesQuery = graphql(
  `
  query PortfolioBalances(
    $ownerAddress: String!
    $chains: [Chain!]!
    $valueModifiers: [PortfolioValueModifier!]
  ) {
    portfolios(
      ownerAddresses: [$ownerAddress]
      chains: $chains
      valueModifiers: $valueModifiers
    ) {
      ...PortfolioTotals
      tokenBalances {
        ...TokenBalanceParts
      }
    }
  }
`,
  [PortfolioTotalsFragment, TokenBalancePartsFragment],
);

/** The portfolio documents by operation name. */
export const PORTFOLIO_DOCUMENTS = {
  PortfolioBalances: PortfolioBalancesQuery,
} as const;
