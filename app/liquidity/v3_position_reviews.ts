/**
 * The reviews of a V3 position's actions (`app/review/action_review.tsx`):
 * increase (a WETH side paid in ether when the holder chose it, sent as value
 * and wrapped by the manager), collect fees, remove a share. Each describes
 * the rows, the balance changes, what is approved and the call; nothing here
 * sends until the holder confirms in the sheet.
 *
 * @module
 */
import { requestOf } from "../review/predicted_changes.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import { buildCollect, buildIncrease, buildRemove, type PayoutOptions, type V3CallOptions } from "./v3_position.ts";
import type { ActionReview } from "../review/action_review.tsx";
import { increaseV3Liquidity } from "./actions/add_liquidity.ts";
import type { ReviewSpend, WalletContext } from "../review/action_steps.ts";
import { collectFees } from "./actions/collect.ts";
import { removeV3Liquidity } from "./actions/remove_liquidity.ts";
import type { TokenMeta } from "./liquidity_shared.tsx";
import type { V3Row } from "./positions_read.ts";

/** What every review of a position needs. */
export interface ReviewInput {
  readonly row: V3Row & { readonly pool: NonNullable<V3Row["pool"]> };
  readonly context: WalletContext;
  readonly options: V3CallOptions & PayoutOptions;
  /** "1 USDC, 0.5 ETH", paid out in ether for the WETH side when `out`. */
  readonly amounts: (a: { amount0: bigint; amount1: bigint } | null, out?: boolean) => string;
  /** The symbol a side is paid in. */
  readonly payIn: (side: 0 | 1) => string;
  readonly ether: string;
  readonly slippageBps: number | null;
}

/** The side a spend pays: in ether when the holder pays the WETH side with ether. */
function spendOf(token: TokenMeta, amount: bigint, native: boolean, ether: string): ReviewSpend {
  return native ? { token: { address: "native", symbol: ether, decimals: 18 }, amount } : { token, amount };
}

const title = (input: ReviewInput) =>
  `#${input.row.position.tokenId} ${input.row.token0.symbol}/${input.row.token1.symbol}`;

/** Adding `add0` and `add1` to the position. */
export function increaseReview(
  input: ReviewInput,
  add: { add0: bigint; add1: bigint; wethSide: 0 | 1 | null; payEther: boolean },
): ActionReview {
  const { row, context, ether, payIn } = input;
  const { position, token0: t0, token1: t1 } = row;
  const spend0 = spendOf(t0, add.add0, add.wethSide === 0 && add.payEther, ether);
  const spend1 = spendOf(t1, add.add1, add.wethSide === 1 && add.payEther, ether);
  const nativeValue = spend0.token.address === "native"
    ? add.add0
    : spend1.token.address === "native"
    ? add.add1
    : undefined;
  const tx = buildIncrease(position.tokenId, { amount0: add.add0, amount1: add.add1, nativeValue }, input.options);
  const add0 = formatUnitsGrouped(add.add0, t0.decimals);
  const add1 = formatUnitsGrouped(add.add1, t1.decimals);
  return {
    title: "Review increasing liquidity",
    rows: [
      { label: "Position", value: title(input) },
      { label: "Adds", value: `${add0} ${payIn(0)}, ${add1} ${payIn(1)}`, testId: "review-adds" },
      { label: "Slippage", value: `${(input.slippageBps ?? 0) / 100}%` },
      {
        label: "Ether sent as value",
        value: nativeValue ? `${formatUnitsGrouped(nativeValue, 18)} ${ether} (wrapped by the manager)` : "none",
      },
    ],
    changes: [
      { symbol: payIn(0), amount: `−${add0} (at most)` },
      { symbol: payIn(1), amount: `−${add1} (at most)` },
    ],
    spends: [spend0, spend1],
    spender: context.chain.contracts.v3PositionManager,
    action: {
      title: `Increase position #${position.tokenId}`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      run: (report) =>
        increaseV3Liquidity(context, { tokenId: position.tokenId, spend0, spend1, options: input.options }, report),
    },
    confirm: "Increase liquidity",
  };
}

/** Collecting everything the position is owed. */
export function collectReview(input: ReviewInput): ActionReview {
  const { row, context } = input;
  const expected = row.fees ?? undefined;
  const tx = buildCollect(row.position, { ...input.options, expected });
  return {
    title: "Review collecting fees",
    rows: [
      { label: "Position", value: title(input) },
      { label: "Fees owed", value: input.amounts(row.fees, true), testId: "review-fees" },
    ],
    changes: row.fees ? [{ symbol: "", amount: `+${input.amounts(row.fees, true)}` }] : [],
    spends: [],
    spender: null,
    action: {
      title: `Collect the fees of #${row.position.tokenId}`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      run: (report) => collectFees(context, { position: row.position, expected, options: input.options }, report),
    },
    confirm: "Collect fees",
  };
}

/** Removing `percent` of the position's liquidity. */
export function removeReview(input: ReviewInput, percent: number): ActionReview {
  const { row, context } = input;
  const { position, pool } = row;
  const liquidity = position.liquidity * BigInt(percent) / 100n;
  const tx = buildRemove(position, liquidity, pool.sqrtPriceX96, input.options);
  const part = row.held
    ? { amount0: row.held.amount0 * BigInt(percent) / 100n, amount1: row.held.amount1 * BigInt(percent) / 100n }
    : null;
  return {
    title: "Review removing liquidity",
    rows: [
      { label: "Position", value: title(input) },
      { label: "Share removed", value: `${percent}%`, testId: "review-share" },
      { label: "You receive about", value: input.amounts(part, true) },
      { label: "Slippage", value: `${(input.slippageBps ?? 0) / 100}%` },
    ],
    changes: part ? [{ symbol: "", amount: `+${input.amounts(part, true)} (and any fees owed)` }] : [],
    spends: [],
    spender: null,
    action: {
      title: `Remove ${percent}% of #${position.tokenId}`,
      contract: tx.to,
      call: tx.label,
      request: requestOf(context, tx),
      run: (report) =>
        removeV3Liquidity(
          context,
          { position, percent, sqrtPriceX96: pool.sqrtPriceX96, options: input.options },
          report,
        ),
    },
    confirm: "Remove liquidity",
  };
}
