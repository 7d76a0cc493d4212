/**
 * The review of a V2 deposit (`app/review/action_review.tsx`): the pair,
 * both amounts, the minimums and slippage, the balance changes, the exact
 * approvals of Router02, then `addLiquidity`/`addLiquidityETH`.
 *
 * @module
 */
import { requestOf } from "../review/predicted_changes.ts";
import { formatUnitsGrouped } from "../lib/format.ts";
import type { SlippageCheck } from "../lib/trade_math.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import type { LiquidityTx, V2CallOptions } from "./v2_pair.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { addV2Liquidity } from "./actions/add_liquidity.ts";

/** What a V2 deposit's review needs. */
export interface V2AddInput {
  readonly tokenA: SwapToken;
  readonly tokenB: SwapToken;
  readonly amountA: bigint;
  readonly amountB: bigint;
  readonly tx: LiquidityTx;
  readonly options: V2CallOptions;
  readonly slippage: SlippageCheck;
}

/** The review of depositing `amountA` and `amountB` into the pair. */
export function addReview(context: WalletContext, input: V2AddInput): ActionReview {
  const { tokenA, tokenB, amountA, amountB, tx, options } = input;
  const a = { token: tokenA, amount: amountA };
  const b = { token: tokenB, amount: amountB };
  const show = (amount: bigint, t: SwapToken) => formatUnitsGrouped(amount, t.decimals);
  return {
    title: "Review adding liquidity",
    rows: [
      { label: "Pair", value: `${tokenA.symbol}/${tokenB.symbol} (V2)` },
      { label: `${tokenA.symbol} in`, value: show(amountA, tokenA), testId: "review-a" },
      { label: `${tokenB.symbol} in`, value: show(amountB, tokenB), testId: "review-b" },
      {
        label: "Minimums",
        value: `${show(tx.minimumA, tokenA)} ${tokenA.symbol}, ${show(tx.minimumB, tokenB)} ${tokenB.symbol}`,
      },
      { label: "Slippage", value: `${input.slippage.ok ? input.slippage.bps / 100 : "–"}%` },
    ],
    changes: [
      { symbol: tokenA.symbol, amount: `−${show(amountA, tokenA)}` },
      { symbol: tokenB.symbol, amount: `−${show(amountB, tokenB)}` },
      { symbol: `${tokenA.symbol}/${tokenB.symbol} pair tokens`, amount: "+" },
    ],
    spends: [a, b],
    spender: options.contracts.v2Router,
    action: {
      title: `Add ${tokenA.symbol}/${tokenB.symbol} liquidity`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      run: (report) => addV2Liquidity(context, { a, b, options }, report),
    },
    confirm: "Add liquidity",
  };
}
