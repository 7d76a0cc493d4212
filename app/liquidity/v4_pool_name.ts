/**
 * How a V4 pool is named on screen: "ETH/USDC 0.05%", "ETH/USDC dynamic fee ·
 * hook 0x0000…1000".
 *
 * @module
 */
import type { V4PoolKey } from "../../lib/pool_address.ts";
import { shortenAddress } from "../lib/format.ts";
import { DYNAMIC_FEE } from "./v4_read.ts";

/** The fee of a pool key as shown: "0.05%", or "dynamic fee" (and its current value when known). */
export function feeText(key: Pick<V4PoolKey, "fee">, lpFee?: number): string {
  if (key.fee === DYNAMIC_FEE) return lpFee === undefined ? "dynamic fee" : `dynamic fee (now ${lpFee / 10_000}%)`;
  return `${key.fee / 10_000}%`;
}

/** "ETH/USDC 0.05%" with the hook when there is one. */
export function poolName(key: V4PoolKey, symbol0: string, symbol1: string, lpFee?: number): string {
  const hook = BigInt(key.hooks) === 0n ? "" : ` · hook ${shortenAddress(key.hooks)}`;
  return `${symbol0}/${symbol1} ${feeText(key, lpFee)}${hook}`;
}
