/**
 * The review of migrating a V2 position into V3 (`app/review/`): the pair,
 * what burning the pair tokens returns, the V3 pool (fee tier) and range,
 * what the new position is expected to take and its minimums, the refund;
 * the pair tokens' approval to the V3Migrator, then `migrate`.
 *
 * @module
 */
import { requestOf } from "../review/predicted_changes.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import type { buildMigrate } from "./v2_migrate.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { tracked } from "./actions/add_liquidity.ts";
import { runTx } from "../wallet/wallet_tx.ts";

/** What the review of a migration shows and sends. */
export interface MigrateReviewInput {
  readonly context: WalletContext;
  readonly pair: `0x${string}`;
  readonly liquidity: bigint;
  /** The V3 pool's tokens in its order, with what burning the pair tokens returns of each. */
  readonly token0: SwapToken & { readonly amount: bigint };
  readonly token1: SwapToken & { readonly amount: bigint };
  readonly fee: number;
  readonly rangeText: string;
  readonly slippageBps: number;
  readonly tx: ReturnType<typeof buildMigrate>;
  readonly refundAsEth: boolean;
}

/** The review sheet's content for a migration. */
export function migrateReview(input: MigrateReviewInput): ActionReview {
  const { token0: t0, token1: t1, tx, context } = input;
  const show = (amount: bigint, t: SwapToken) => `${formatUnitsGrouped(amount, t.decimals)} ${t.symbol}`;
  const poolName = `${t0.symbol}/${t1.symbol} ${input.fee / 10_000}%`;
  return {
    title: "Review migrating to V3",
    rows: [
      { label: "From", value: `${t0.symbol}/${t1.symbol} V2 pair: all your pair tokens (100%)` },
      { label: "Pair tokens", value: formatUnitsGrouped(input.liquidity, 18), testId: "review-lp" },
      { label: "Withdrawn", value: `${show(t0.amount, t0)} and ${show(t1.amount, t1)}` },
      { label: "To", value: `${poolName} V3 pool, ${input.rangeText}`, testId: "review-pool" },
      { label: "Deposited about", value: `${show(tx.expected0, t0)} and ${show(tx.expected1, t1)}` },
      { label: "Minimums", value: `${show(tx.minimum0, t0)} and ${show(tx.minimum1, t1)}` },
      { label: "Refund", value: input.refundAsEth ? "What is not deposited, WETH as ETH" : "What is not deposited" },
      { label: "Slippage", value: `${input.slippageBps / 100}%` },
    ],
    changes: [
      { symbol: `${t0.symbol}/${t1.symbol} V2 pair tokens`, amount: `−${formatUnitsGrouped(input.liquidity, 18)}` },
      { symbol: "V3 position NFT", amount: "+1" },
    ],
    spends: [{ token: { address: input.pair, symbol: "UNI-V2", decimals: 18 }, amount: input.liquidity }],
    spender: context.chain.contracts.v3Migrator,
    action: {
      title: `Migrate to the ${poolName} pool`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      run: (report) =>
        runTx(
          { ...context, tx },
          tracked(context, `Migrated ${t0.symbol}/${t1.symbol} V2 liquidity to the ${poolName} V3 pool`, report),
        ),
    },
    confirm: "Migrate",
  };
}
