/**
 * Wallet data of the demo gateway: portfolios of the two demo wallets, their
 * activity (every activity and asset change kind) and the NFTs. This module
 * assembles the parts over one shared {@linkcode WalletContext}:
 * `wallet_portfolio.ts` (balances and values), `wallet_activity.ts` (pages
 * and live activity), `wallet_history.ts` (the wallets' activity),
 * `wallet_activity_kinds.ts`, `wallet_transfers.ts` and `wallet_nfts.ts`.
 *
 * @module
 */
import type { FixtureNftCollection } from "./fixtures.ts";
import type { Model } from "./model.ts";
import { createWalletContext } from "./wallet_context.ts";
import { portfolio, type ValueModifier } from "./wallet_portfolio.ts";
import { type ActivityArgs, activityPage, liveActivity } from "./wallet_activity.ts";
import { nftActivity, nftAsset, nftBalances, nftCollection } from "./wallet_nfts.ts";

/**
 * Portfolios, activities and NFTs of the demo wallets' data for a model: portfolios, activity pages (kept per
 * wallet once built), live activities and NFTs.
 */
export function createWallets(model: Model) {
  const ctx = createWalletContext(model);
  return {
    portfolio: (owner: string, chains: readonly string[] | null | undefined, modifier: ValueModifier | undefined) =>
      portfolio(ctx, owner, chains, modifier),
    activityPage: (owner: string, args: ActivityArgs) => activityPage(ctx, owner, args),
    liveActivity: (owner: string, subscriptionId: string, n: number, timestamp: number) =>
      liveActivity(ctx, owner, subscriptionId, n, timestamp),
    nftCollection: (c: FixtureNftCollection) => nftCollection(ctx, c),
    nftAsset: (c: FixtureNftCollection, tokenId: number) => nftAsset(ctx, c, tokenId),
    nftBalances: (owner: string, chains: readonly string[] | null | undefined) => nftBalances(ctx, owner, chains),
    nftActivity: (c: FixtureNftCollection, tokenId: number | null) => nftActivity(ctx, c, tokenId),
  };
}

/** What {@linkcode createWallets} returns. */
export type Wallets = ReturnType<typeof createWallets>;
