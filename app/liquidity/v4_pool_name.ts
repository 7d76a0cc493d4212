/**
 * How a V4 pool is named on screen: "ETH/USDC 0.05%", "ETH/USDC dynamic fee ·
 * hook 0x0000…1000", and the prices their values take (ether at WETH's).
 *
 * @module
 */
import type { V4PoolKey } from "../../lib/pool_address.ts";
import { shortenAddress } from "../lib/format.ts";
import type { PricedToken } from "../lib/wallet_loaders.ts";
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

/** Prices by lower-case address, ether (the zero address) at WETH's price. */
export function v4Prices(tokens: readonly PricedToken[], weth: string): Map<string, PricedToken> {
  const prices = new Map(tokens.map((t) => [t.address.toLowerCase(), t]));
  const wrapped = prices.get(weth.toLowerCase());
  if (wrapped) prices.set("0x0000000000000000000000000000000000000000", wrapped);
  return prices;
}
