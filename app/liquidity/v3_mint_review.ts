/**
 * The review of a new V3 position (`app/review/action_review.tsx`): the pool
 * (new ones created at the typed price, warned past 2% from the market), the
 * range, the deposits with their USD worth, the slippage and the balance
 * changes; the approvals of the position manager, then `mint`
 * (`actions/mint.ts`).
 *
 * @module
 */
import type { Address } from "../../lib/address.ts";
import { formatUsd } from "../lib/format.ts";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import type { V3Pool } from "./v3_position.ts";
import { formatRangePrice } from "./v3_range.ts";
import type { ActionReview } from "../review/action_review.tsx";
import type { WalletContext } from "../review/action_steps.ts";
import { mintPosition, mintTx } from "./actions/mint.ts";
import { requestOf } from "../review/predicted_changes.ts";
import { deadline } from "./liquidity_shared.tsx";
import type { TokenMeta } from "./liquidity_shared.tsx";
import type { PositionMath } from "./v3_new_position_math.ts";

/** What a mint's review needs: the figures with everything the mint takes known. */
export interface MintInput {
  readonly context: WalletContext;
  readonly math: PositionMath & {
    readonly t0: TokenMeta;
    readonly t1: TokenMeta;
    readonly amount0: bigint;
    readonly amount1: bigint;
    readonly tickLower: number;
    readonly tickUpper: number;
    readonly sqrtPrice: bigint;
  };
  readonly pool: V3Pool | null | undefined;
  readonly fee: number;
  /** The pool token paid in ether, if any. */
  readonly nativeSide: Address | null;
  readonly startText: string;
  readonly slippageBps: number;
}

/** The review of opening the position. */
export function mintReview(input: MintInput): ActionReview {
  const { context, math, pool, fee } = input;
  const { t0, t1, s0, s1, amount0, amount1, shown, full, quote, gap } = math;
  const asSpend = (t: TokenMeta, symbol: string): SwapToken => ({
    address: t.address === input.nativeSide ? "native" : t.address,
    symbol,
    decimals: t.decimals,
  });
  const params = {
    spend0: { token: asSpend(t0, s0), amount: amount0 },
    spend1: { token: asSpend(t1, s1), amount: amount1 },
    token0: t0.address,
    token1: t1.address,
    fee,
    tickLower: math.tickLower,
    tickUpper: math.tickUpper,
    initialSqrtPriceX96: pool === null ? math.sqrtPrice : undefined,
    options: {
      contracts: context.chain.contracts,
      recipient: context.from,
      slippageBps: input.slippageBps,
      deadline: deadline(),
    },
  };
  const pairName = `${s0}/${s1} ${fee / 10_000}%`;
  const deposit0 = formatUnitsGrouped(amount0, t0.decimals);
  const deposit1 = formatUnitsGrouped(amount1, t1.decimals);
  return {
    title: pool === null ? "Review creating a pool and a position" : "Review the new position",
    rows: [
      { label: "Pool", value: pool === null ? `${pairName} (new: created at your price)` : pairName },
      {
        label: `Range (${quote})`,
        value: shown ? `${full ? "0" : formatRangePrice(shown[0])} – ${full ? "∞" : formatRangePrice(shown[1])}` : "–",
      },
      pool === null
        ? {
          label: "Starting price",
          value: `${input.startText} ${quote}`,
          tone: gap !== null && gap > 0.02 ? "warning" : "neutral",
        }
        : null,
      {
        label: "Deposits",
        value: `${deposit0} ${s0} and ${deposit1} ${s1}`,
        note: math.depositUsd !== null ? `≈ ${formatUsd(math.depositUsd, { compact: false })}` : undefined,
        testId: "review-deposits",
      },
      { label: "Slippage", value: `${input.slippageBps / 100}%` },
    ],
    changes: [
      { symbol: s0, amount: `−${deposit0} (at most)` },
      { symbol: s1, amount: `−${deposit1} (at most)` },
      { symbol: "position NFT", amount: "+1" },
    ],
    spends: [params.spend0, params.spend1],
    spender: context.chain.contracts.v3PositionManager,
    action: {
      title: `Open a ${pairName} position`,
      contract: context.chain.contracts.v3PositionManager,
      call: pool === null ? "multicall(createAndInitializePoolIfNecessary, mint)" : "mint",
      request: requestOf(context, mintTx(params)),
      run: (report) => mintPosition(context, params, report),
    },
    confirm: "Create position",
  };
}
