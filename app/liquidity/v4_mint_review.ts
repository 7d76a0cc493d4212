/**
 * The review of a new V4 position (`v4_review.tsx`): the pool (a new one
 * created at the typed price, warned past 2% from the market), the range,
 * the deposits with their USD worth and the most the mint may take, the
 * slippage, the balance changes; then `PositionManager.modifyLiquidities`
 * (or `multicall(initializePool, modifyLiquidities)`), ether as value.
 *
 * @module
 */
import type { V4PoolKey } from "../../lib/pool_address.ts";
import { formatUsd } from "../lib/format.ts";
import { formatUnitsShort } from "../lib/trade_math.ts";
import { formatRangePrice } from "./v3_range.ts";
import type { V4Review } from "./v4_steps.ts";
import type { WalletContext } from "../review/action_steps.ts";
import { tracked } from "./actions/add_liquidity.ts";
import { deadline } from "./liquidity_shared.tsx";
import { runTx } from "../wallet/wallet_tx.ts";
import { buildV4Mint, isNativePool } from "./v4_calls.ts";
import type { V4PositionMath } from "./v4_new_math.ts";
import { poolName } from "./v4_pool_name.ts";

/** What a mint's review needs, every figure known. */
export interface V4MintInput {
  readonly context: WalletContext;
  readonly key: V4PoolKey;
  /** A new pool is created at this price first. */
  readonly initialSqrtPriceX96: bigint | null;
  readonly math: V4PositionMath;
  readonly startText: string;
  readonly slippageBps: number;
  readonly tickLower: number;
  readonly tickUpper: number;
  readonly liquidity: bigint;
  readonly amounts: { readonly amount0: bigint; readonly amount1: bigint };
  readonly max: { readonly amount0Max: bigint; readonly amount1Max: bigint };
  /** Called once every step confirmed. */
  readonly onDone?: () => void;
}

/** The review of opening the V4 position. */
export function v4MintReview(input: V4MintInput): V4Review {
  const { context, key, math, max, amounts } = input;
  const [t0, t1] = [math.t0!, math.t1!];
  const manager = context.chain.contracts.v4PositionManager;
  const name = poolName(key, t0.symbol, t1.symbol);
  const fresh = input.initialSqrtPriceX96 !== null;
  const [d0, d1] = [formatUnitsShort(amounts.amount0, t0.decimals), formatUnitsShort(amounts.amount1, t1.decimals)];
  const [m0, m1] = [formatUnitsShort(max.amount0Max, t0.decimals), formatUnitsShort(max.amount1Max, t1.decimals)];
  const tx = buildV4Mint(
    manager,
    {
      key,
      tickLower: input.tickLower,
      tickUpper: input.tickUpper,
      liquidity: input.liquidity,
      ...max,
      recipient: context.from,
    },
    deadline(),
    input.initialSqrtPriceX96 ?? undefined,
  );
  const summary = `Opened a ${name} V4 position with ${d0} ${t0.symbol} and ${d1} ${t1.symbol}`;
  return {
    title: fresh ? "Review creating a V4 pool and a position" : "Review the new V4 position",
    rows: [
      { label: "Pool", value: fresh ? `${name} (new: created at your price)` : name, testId: "review-pool" },
      {
        label: `Range (${math.quote})`,
        value: math.shown
          ? `${math.full ? "0" : formatRangePrice(math.shown[0])} – ${
            math.full ? "∞" : formatRangePrice(math.shown[1])
          }`
          : "–",
      },
      fresh
        ? {
          label: "Starting price",
          value: `${input.startText} ${math.quote}`,
          tone: math.gap !== null && math.gap > 0.02 ? "warning" : "neutral",
        }
        : null,
      {
        label: "Deposits",
        value: `${d0} ${t0.symbol} and ${d1} ${t1.symbol}`,
        note: math.depositUsd !== null ? `≈ ${formatUsd(math.depositUsd, { compact: false })}` : undefined,
        testId: "review-deposits",
      },
      { label: "At most", value: `${m0} ${t0.symbol} and ${m1} ${t1.symbol}` },
      { label: "Slippage", value: `${input.slippageBps / 100}%` },
      isNativePool(key) ? { label: "Ether sent", value: `${m0} ETH as value, the unused part returned` } : null,
    ],
    changes: [
      { symbol: t0.symbol, amount: `−${d0}` },
      { symbol: t1.symbol, amount: `−${d1}` },
      { symbol: "V4 position NFT", amount: "+1" },
    ],
    spends: [
      { token: { ...t0, address: isNativePool(key) ? "native" : t0.address }, amount: max.amount0Max },
      { token: t1, amount: max.amount1Max },
    ],
    spender: manager,
    action: {
      title: `Open a ${name} position`,
      contract: manager,
      call: tx.label.replace(/^PositionManager\./, ""),
      run: (report) => runTx({ ...context, tx }, tracked(context, summary, report)),
    },
    confirm: "Create position",
    onDone: input.onDone,
    tx,
    summary,
  };
}
