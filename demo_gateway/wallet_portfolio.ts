/**
 * Balances and portfolio values of the demo wallets: what each holds on
 * which chain, valued at the catalog's prices, with the day's change.
 *
 * @module
 */
import {
  BLUE_JPEG_LOGO_TOKEN,
  CJK_NAME_TOKEN,
  DEMO_WALLET,
  EMOJI_NAME_TOKEN,
  ETHEREUM_TOKENS,
  NO_LOGO_TOKEN,
  RED_PNG_LOGO_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
  SECOND_DEMO_WALLET,
} from "./fixtures.ts";
import type { TokenRecord } from "./catalog.ts";
import { amount } from "./model.ts";
import { percentChange, round } from "./market.ts";
import { canonicalWallet, tokenOf, type WalletContext } from "./wallet_context.ts";
import { type ActivityArgs, activityPage } from "./wallet_activity.ts";
import { nftBalances } from "./wallet_nfts.ts";

/** A balance: chain, token address (`null`: the chain's native token), quantity. */
export type Holding = readonly [chain: string, address: string | null, quantity: number];

/** The balances of the demo wallets. */
export const HOLDINGS: Readonly<Record<string, readonly Holding[]>> = {
  [DEMO_WALLET]: [
    ["ETHEREUM", null, 2.4178],
    ["ETHEREUM", ETHEREUM_TOKENS.USDC, 5230.12],
    ["ETHEREUM", ETHEREUM_TOKENS.WBTC, 0.1204],
    ["ETHEREUM", ETHEREUM_TOKENS.UNI, 410.5],
    ["ETHEREUM", ETHEREUM_TOKENS.LINK, 88],
    ["ETHEREUM", RED_PNG_LOGO_TOKEN.address, 1000],
    ["ETHEREUM", CJK_NAME_TOKEN.address, 8888],
    ["ETHEREUM", SCRIPT_SYMBOL_TOKEN.address, 1],
    ["ETHEREUM", NO_LOGO_TOKEN.address, 250_000],
    ["BASE", null, 0.8123],
    ["BASE", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 742.5],
    ["ARBITRUM", null, 0.2501],
    ["POLYGON", null, 1520],
    ["CELO", null, 300],
  ],
  [SECOND_DEMO_WALLET]: [
    ["ETHEREUM", null, 0.35],
    ["ETHEREUM", ETHEREUM_TOKENS.DAI, 1200],
    ["ETHEREUM", EMOJI_NAME_TOKEN.address, 1_000_000_000],
    ["ETHEREUM", BLUE_JPEG_LOGO_TOKEN.address, 12_345],
    ["OPTIMISM", null, 0.05],
  ],
};

/** A value modifier of `portfolios`. */
export interface ValueModifier {
  readonly ownerAddress: string;
  readonly includeSmallBalances?: boolean | null;
  readonly includeSpamTokens?: boolean | null;
  readonly tokenBalancesLimit?: number | null;
}

/** One valued balance of a portfolio. */
export interface BalanceRow {
  readonly record: TokenRecord;
  readonly quantity: number;
  /** In USD. */
  readonly value: number;
  /** The day's price change in percent. */
  readonly change: number;
  /** Spam, the logo-less fixture or under $1. */
  readonly hidden: boolean;
}

/**
 * The valued balances of a (canonical) wallet on `chains` (all if none),
 * most valuable first; spam tokens left out only if the modifier says so.
 */
export function balanceRows(
  ctx: WalletContext,
  owner: string,
  chains: readonly string[] | null | undefined,
  modifier: ValueModifier | undefined,
): BalanceRow[] {
  return (HOLDINGS[owner] ?? [])
    .filter(([chain]) => !chains?.length || chains.includes(chain))
    .map(([chain, address, quantity]) => {
      const record = tokenOf(ctx, chain, address);
      const value = quantity * record.priceUsd;
      const change = percentChange(ctx.model.tokenPrices(record, "DAY"));
      const hidden = record.isSpam || record === tokenOf(ctx, "ETHEREUM", NO_LOGO_TOKEN.address) ||
        value < 1;
      return { record, quantity, value, change, hidden };
    })
    .filter((row) => modifier?.includeSpamTokens !== false || !row.record.isSpam)
    .sort((a, b) => b.value - a.value);
}

/**
 * The `Portfolio` of an address (an empty one for unknown wallets): totals
 * and change over the balances that are not hidden (all of them with
 * `includeSmallBalances`), at most `tokenBalancesLimit` balances.
 */
export function portfolio(
  ctx: WalletContext,
  ownerAddress: string,
  chains: readonly string[] | null | undefined,
  modifier: ValueModifier | undefined,
): Record<string, unknown> {
  const owner = canonicalWallet(ownerAddress);
  const id = `Portfolio:${owner.toLowerCase()}`;
  const rows = balanceRows(ctx, owner, chains, modifier);
  const limited = modifier?.tokenBalancesLimit ? rows.slice(0, modifier.tokenBalancesLimit) : rows;
  const counted = rows.filter((r) => !r.hidden || modifier?.includeSmallBalances);
  const total = counted.reduce((s, r) => s + r.value, 0);
  const before = counted.reduce((s, r) => s + r.value / (1 + r.change / 100), 0);
  return {
    __typename: "Portfolio",
    id,
    ownerAddress: owner,
    tokensTotalDenominatedValue: amount(`${id}:total`, round(total)),
    tokensTotalDenominatedValueChange: () => ({
      id: `${id}:change`,
      absolute: amount(`${id}:change:abs`, round(total - before)),
      percentage: amount(`${id}:change:pct`, before === 0 ? 0 : round(((total - before) / before) * 100), null),
    }),
    tokenBalances: limited.map((row) => tokenBalance(ctx, owner, row)),
    nftBalances: () => nftBalances(ctx, owner, null).map((e) => e.node),
    assetActivities: (args: ActivityArgs) => activityPage(ctx, owner, args),
  };
}

/** The `TokenBalance` object of a row of `owner`'s portfolio. */
function tokenBalance(ctx: WalletContext, owner: string, row: BalanceRow): Record<string, unknown> {
  return {
    __typename: "TokenBalance",
    id: `TokenBalance:${owner.toLowerCase()}:${row.record.key}`,
    blockNumber: 21_000_000,
    blockTimestamp: ctx.model.ctx.now - 600,
    quantity: row.quantity,
    ownerAddress: owner,
    isHidden: row.hidden,
    denominatedValue: amount(`TokenBalance:${owner}:${row.record.key}:value`, round(row.value)),
    token: ctx.model.token(row.record),
    tokenProjectMarket: ctx.model.projectMarket(row.record, null, "USD"),
  };
}
