/**
 * What a mined swap moved, read from its receipt, for the summary ("Swapped
 * 1 ETH for 322.14 UNI"). The swap's steps (Permit2 approval, permit, the
 * Universal Router's `execute`) are `app/swap/swap_steps.ts`.
 *
 * @module
 */
import { type Log, parseAbi, parseEventLogs } from "viem";
import type { Address } from "../../../lib/address.ts";

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
