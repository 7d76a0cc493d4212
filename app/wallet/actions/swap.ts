/**
 * The swap action: approve the router for the input when needed (exactly
 * this trade unless the person chose unlimited), then send the router call
 * through `runTx` (simulate, guarded send, receipt), and read from the
 * receipt what really left and reached the account, for the summary
 * ("Swapped 1 ETH for 322.14 UNI").
 *
 * @module
 */
import { type Log, parseAbi, parseEventLogs, type TransactionReceipt } from "viem";
import type { Address } from "../../../lib/address.ts";
import type { FlaggedToken } from "../../lib/wallet_safety.ts";
import type { SwapPlan, SwapToken } from "../../lib/wallet_swap.ts";
import { runTx } from "../wallet_tx.ts";
import { approvalStep, type WalletContext } from "./approve.ts";
import type { ReviewStep } from "../../review/review_steps.ts";

const EVENTS_ABI = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Deposit(address indexed dst, uint256 wad)",
  "event Withdrawal(address indexed src, uint256 wad)",
]);

/** What a mined swap moved, in base units. */
export interface SwapAmounts {
  readonly amountIn: bigint;
  readonly amountOut: bigint;
}

function same(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * What a swap's receipt says left and reached `account`: ERC-20 sides by
 * their `Transfer` events from and to the account, the native side by the
 * wrapped native token's `Deposit` (ether in, wrapped by the router, refunds
 * excluded) and `Withdrawal` (ether out, unwrapped for the account) events.
 */
export function swapAmounts(
  logs: readonly Log[],
  sides: {
    readonly account: Address;
    readonly tokenIn: Address | "native";
    readonly tokenOut: Address | "native";
    readonly wrappedNative: Address;
  },
): SwapAmounts {
  let amountIn = 0n;
  let amountOut = 0n;
  for (const log of parseEventLogs({ abi: EVENTS_ABI, logs: [...logs], strict: false })) {
    const from = log.address;
    if (log.eventName === "Transfer") {
      const { from: sender, to, value } = log.args;
      if (value === undefined || !sender || !to) continue;
      if (sides.tokenIn !== "native" && same(from, sides.tokenIn) && same(sender, sides.account)) amountIn += value;
      if (sides.tokenOut !== "native" && same(from, sides.tokenOut) && same(to, sides.account)) amountOut += value;
    } else if (log.eventName === "Deposit" && sides.tokenIn === "native" && same(from, sides.wrappedNative)) {
      amountIn += log.args.wad ?? 0n;
    } else if (log.eventName === "Withdrawal" && sides.tokenOut === "native" && same(from, sides.wrappedNative)) {
      amountOut += log.args.wad ?? 0n;
    }
  }
  return { amountIn, amountOut };
}

/** Parameters of {@linkcode swapSteps}. */
export interface SwapParameters {
  readonly plan: SwapPlan;
  readonly tokenIn: SwapToken;
  readonly tokenOut: SwapToken;
  /** Approve an unlimited amount instead of exactly this trade. */
  readonly unlimited: boolean;
  readonly flagged: readonly FlaggedToken[];
}

/** What a swap ends with (`swapSteps`' `onMined` gets the mined case). */
export type SwapResult =
  | { readonly ok: true; readonly hash: `0x${string}`; readonly amounts: SwapAmounts }
  | { readonly ok: false };

/**
 * The steps of a swap for its review, read without sending anything: an
 * approval of the router when the allowance does not cover the trade, then
 * the swap. `onMined` gets the amounts the receipt says moved.
 */
export async function swapSteps(
  context: WalletContext,
  parameters: SwapParameters,
  onMined: (result: SwapResult & { ok: true }) => void,
): Promise<ReviewStep[]> {
  const { plan, tokenIn, tokenOut } = parameters;
  const steps: ReviewStep[] = [];
  if (plan.spender && tokenIn.address !== "native") {
    const approval = await approvalStep(context, {
      token: { address: tokenIn.address, symbol: tokenIn.symbol, decimals: tokenIn.decimals },
      spender: plan.spender,
      amount: plan.maximumIn,
      unlimited: parameters.unlimited,
      flagged: parameters.flagged,
    });
    if (approval) steps.push(approval);
  }
  steps.push({
    id: "swap",
    title: `Swap ${tokenIn.symbol} for ${tokenOut.symbol}`,
    contract: plan.tx.to,
    call: plan.tx.label,
    async run(report) {
      let receipt: TransactionReceipt | null = null;
      const ok = await runTx({
        ...context,
        tx: plan.tx,
        minimumOut: plan.minimumOut,
        flagged: parameters.flagged,
        onReceipt: (r) => void (receipt = r),
      }, report);
      if (!ok || receipt === null) return false;
      const mined = receipt as TransactionReceipt;
      onMined({
        ok: true,
        hash: mined.transactionHash,
        amounts: swapAmounts(mined.logs, {
          account: context.from,
          tokenIn: tokenIn.address,
          tokenOut: tokenOut.address,
          wrappedNative: context.chain.contracts.wrappedNative,
        }),
      });
      return true;
    },
  });
  return steps;
}
