/**
 * The reviews of a V4 position's actions (`v4_review.tsx`): increase (ether
 * as value for a native pool, Permit2 for ERC-20 sides), decrease a share
 * (minimums from the slippage) and collect the fees (a decrease of 0), each
 * paid out by `TAKE_PAIR` (ether for a native side).
 *
 * @module
 */
import { formatUnitsShort } from "../lib/trade_math.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { tracked } from "./actions/add_liquidity.ts";
import { deadline } from "./liquidity_shared.tsx";
import { runTx } from "../wallet/wallet_tx.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import { buildV4Decrease, buildV4Increase, isNativePool, maxAmounts, minAmounts, mintLiquidity } from "./v4_calls.ts";
import type { V4Row } from "./v4_read.ts";
import { poolName } from "./v4_pool_name.ts";
import type { V4Review } from "./v4_steps.ts";

/** A position with its pool read. */
export type LiveV4Row = V4Row & { readonly pool: NonNullable<V4Row["pool"]> };

/** What every review of a position needs. */
export interface V4ReviewInput {
  readonly row: LiveV4Row;
  readonly context: WalletContext;
  readonly slippageBps: number;
}

function text(row: V4Row, a: { amount0: bigint; amount1: bigint }): string {
  return `${formatUnitsShort(a.amount0, row.token0.decimals)} ${row.token0.symbol} and ${
    formatUnitsShort(a.amount1, row.token1.decimals)
  } ${row.token1.symbol}`;
}

function action(context: WalletContext, tx: TxRequest, title: string, summary: string): ActionReview["action"] {
  return {
    title,
    contract: tx.to,
    call: tx.label.replace(/^PositionManager\./, ""),
    run: (report) => runTx({ ...context, tx }, tracked(context, summary, report)),
  };
}

/** Adding `add0`/`add1` (the position's price and range decide the pair of amounts). */
export function v4IncreaseReview(input: V4ReviewInput, add: { amount0: bigint; amount1: bigint }): V4Review | null {
  const { row, context, slippageBps } = input;
  const { pool, tickLower, tickUpper, key } = row;
  const liquidity = mintLiquidity(pool.sqrtPriceX96, tickLower, tickUpper, add.amount0, add.amount1);
  if (liquidity === 0n) return null;
  const max = maxAmounts(pool.sqrtPriceX96, tickLower, tickUpper, liquidity, slippageBps);
  const manager = context.chain.contracts.v4PositionManager;
  const tx = buildV4Increase(
    manager,
    { key, tokenId: row.tokenId, liquidity, ...max, recipient: context.from },
    deadline(),
  );
  const native = isNativePool(key);
  const name = poolName(key, row.token0.symbol, row.token1.symbol);
  return {
    title: "Review adding liquidity",
    rows: [
      { label: "Position", value: `#${row.tokenId} ${name}` },
      { label: "Adds", value: text(row, add), testId: "review-deposits" },
      { label: "At most", value: text(row, { amount0: max.amount0Max, amount1: max.amount1Max }) },
      native
        ? { label: "Ether sent", value: `${formatUnitsShort(max.amount0Max, 18)} ETH as value, the rest returned` }
        : null,
      { label: "Slippage", value: `${slippageBps / 100}%` },
    ],
    changes: [
      { symbol: row.token0.symbol, amount: `−${formatUnitsShort(add.amount0, row.token0.decimals)}` },
      { symbol: row.token1.symbol, amount: `−${formatUnitsShort(add.amount1, row.token1.decimals)}` },
    ],
    spends: [
      { token: { ...row.token0, address: native ? "native" : row.token0.address }, amount: max.amount0Max },
      { token: row.token1, amount: max.amount1Max },
    ],
    spender: manager,
    action: action(
      context,
      tx,
      `Add liquidity to #${row.tokenId}`,
      `Added ${text(row, add)} to V4 position #${row.tokenId}`,
    ),
    confirm: "Add liquidity",
    tx,
    summary: `Added ${text(row, add)} to V4 position #${row.tokenId}`,
  };
}

/** Taking `percent` of the liquidity out, with the fees. */
export function v4DecreaseReview(input: V4ReviewInput, percent: number): ActionReview {
  const { row, context, slippageBps } = input;
  const { pool, tickLower, tickUpper, key } = row;
  const liquidity = row.liquidity * BigInt(percent) / 100n;
  const { amount0Min, amount1Min } = minAmounts(pool.sqrtPriceX96, tickLower, tickUpper, liquidity, slippageBps);
  const out = {
    amount0: amount0Min * 10_000n / BigInt(10_000 - slippageBps),
    amount1: amount1Min * 10_000n / BigInt(10_000 - slippageBps),
  };
  const tx = buildV4Decrease(context.chain.contracts.v4PositionManager, {
    key,
    tokenId: row.tokenId,
    liquidity,
    amount0Min,
    amount1Min,
    recipient: context.from,
  }, deadline());
  const fees = row.fees ?? { amount0: 0n, amount1: 0n };
  return {
    title: "Review removing liquidity",
    rows: [
      { label: "Position", value: `#${row.tokenId} ${poolName(key, row.token0.symbol, row.token1.symbol)}` },
      { label: "Share removed", value: `${percent}%`, testId: "review-share" },
      { label: "Receives about", value: text(row, out) },
      { label: "At least", value: text(row, { amount0: amount0Min, amount1: amount1Min }) },
      { label: "Fees collected too", value: text(row, fees) },
    ],
    changes: [
      { symbol: row.token0.symbol, amount: `+${formatUnitsShort(out.amount0 + fees.amount0, row.token0.decimals)}` },
      { symbol: row.token1.symbol, amount: `+${formatUnitsShort(out.amount1 + fees.amount1, row.token1.decimals)}` },
    ],
    spends: [],
    spender: null,
    action: action(
      context,
      tx,
      `Remove ${percent}% of #${row.tokenId}`,
      `Removed ${percent}% of V4 position #${row.tokenId}`,
    ),
    confirm: "Remove liquidity",
  };
}

/** Collecting the fees: `DECREASE_LIQUIDITY` of 0, then `TAKE_PAIR`. */
export function v4CollectReview(input: V4ReviewInput): ActionReview {
  const { row, context } = input;
  const fees = row.fees ?? { amount0: 0n, amount1: 0n };
  const tx = buildV4Decrease(context.chain.contracts.v4PositionManager, {
    key: row.key,
    tokenId: row.tokenId,
    liquidity: 0n,
    amount0Min: 0n,
    amount1Min: 0n,
    recipient: context.from,
  }, deadline());
  return {
    title: "Review collecting fees",
    rows: [
      { label: "Position", value: `#${row.tokenId} ${poolName(row.key, row.token0.symbol, row.token1.symbol)}` },
      { label: "Fees", value: text(row, fees), testId: "review-fees" },
    ],
    changes: [
      { symbol: row.token0.symbol, amount: `+${formatUnitsShort(fees.amount0, row.token0.decimals)}` },
      { symbol: row.token1.symbol, amount: `+${formatUnitsShort(fees.amount1, row.token1.decimals)}` },
    ],
    spends: [],
    spender: null,
    action: action(
      context,
      tx,
      `Collect the fees of #${row.tokenId}`,
      `Collected the fees of V4 position #${row.tokenId}`,
    ),
    confirm: "Collect fees",
  };
}
