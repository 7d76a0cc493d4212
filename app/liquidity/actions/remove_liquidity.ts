/**
 * Removing liquidity with the wallet: a share of the account's V2 pair
 * tokens (approved to Router02 first, exactly) or of a V3 position
 * (`decreaseLiquidity` and `collect` in one manager multicall, the WETH side
 * as ether when asked). Every transaction is recorded in the browser's
 * history.
 *
 * @module
 */
import type { SwapToken } from "../../swap/swap_routes.ts";
import { buildRemoveLiquidity, type V2CallOptions, type V2Pair } from "../v2_pair.ts";
import { buildRemove, type PayoutOptions, type V3CallOptions, type V3Position } from "../v3_position.ts";
import { runTx, type TxStatus } from "../../wallet/wallet_tx.ts";
import { approveEach, type LiquidityJob, tracked } from "./add_liquidity.ts";

/** Removes `liquidity` pair tokens of A and B's V2 pair. Resolves `true` once confirmed. */
export async function removeV2Liquidity(
  job: LiquidityJob,
  params: {
    readonly a: SwapToken;
    readonly b: SwapToken;
    readonly pair: V2Pair;
    readonly liquidity: bigint;
    readonly options: V2CallOptions;
  },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { a, b, pair, liquidity, options } = params;
  const tx = buildRemoveLiquidity(a, b, liquidity, pair, options);
  const lp = { token: { address: pair.address, symbol: "UNI-V2", decimals: 18 }, amount: liquidity };
  if (!await approveEach(job, [lp], options.contracts.v2Router, report)) return false;
  const share = pair.totalSupply > 0n ? Number(liquidity * 10_000n / pair.totalSupply) / 100 : 0;
  const summary = `Removed liquidity from the ${a.symbol}/${b.symbol} V2 pair (${share}% of the pool)`;
  return await runTx({ ...job, tx }, tracked(job, summary, report));
}

/** Removes `percent` (1-100) of V3 `position`'s liquidity and collects what it returns. */
export async function removeV3Liquidity(
  job: LiquidityJob,
  params: {
    readonly position: V3Position;
    readonly percent: number;
    readonly sqrtPriceX96: bigint;
    readonly options: V3CallOptions & PayoutOptions;
  },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { position, percent, sqrtPriceX96, options } = params;
  if (!(Number.isInteger(percent) && percent >= 1 && percent <= 100)) {
    throw new RangeError(`Cannot remove ${percent}% of a position: expected a whole percentage from 1 to 100`);
  }
  const liquidity = position.liquidity * BigInt(percent) / 100n;
  const tx = buildRemove(position, liquidity, sqrtPriceX96, options);
  return await runTx(
    { ...job, tx },
    tracked(job, `Removed ${percent}% of position #${position.tokenId}`, report),
  );
}
