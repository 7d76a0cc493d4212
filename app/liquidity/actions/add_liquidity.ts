/**
 * Adding liquidity with the wallet: to a V2 pair (Router02 `addLiquidity` or
 * `addLiquidityETH`) or to a V3 position (`increaseLiquidity`). Each first
 * approves the exact amounts it needs (the native side needs none), then
 * sends through `runTx` (simulated first), recording every transaction in
 * the browser's history (`tx_history.ts`).
 *
 * @module
 */
import type { Address } from "../../../lib/address.ts";
import { formatUnitsShort } from "../../lib/trade_math.ts";
import type { SwapToken } from "../../swap/swap_routes.ts";
import { buildAddLiquidity, type V2CallOptions } from "../v2_pair.ts";
import { buildIncrease, type V3CallOptions } from "../v3_position.ts";
import { trackTx } from "../../wallet/tx_history.ts";
import { ensureApproval, runTx, type TxJob, type TxStatus } from "../../wallet/wallet_tx.ts";

/** Who sends, on which chain, through which client: a `TxJob` without its transaction. */
export type LiquidityJob = Omit<TxJob, "tx" | "minimumOut" | "flagged">;

/** A token and the amount a call will take of it (`native`: ether, nothing to approve). */
export interface Spend {
  readonly token: SwapToken;
  readonly amount: bigint;
}

/** Records a job's transactions under `summary` while passing its statuses to `report`. */
export function tracked(job: LiquidityJob, summary: string, report: (status: TxStatus) => void) {
  return trackTx(report, { account: job.from, chainId: job.chain.chainId, summary });
}

/** "1.5 ETH and 4,770 USDC". */
export function spendText(spends: readonly Spend[]): string {
  return spends.map((s) => `${formatUnitsShort(s.amount, s.token.decimals)} ${s.token.symbol}`).join(" and ");
}

/**
 * Approves `spender` for each token amount the allowance does not cover yet
 * (exact amounts; native ether and zero amounts skipped). Resolves `false`
 * as soon as one approval is not confirmed.
 */
export async function approveEach(
  job: LiquidityJob,
  spends: readonly Spend[],
  spender: Address,
  report: (status: TxStatus) => void,
): Promise<boolean> {
  for (const { token, amount } of spends) {
    if (token.address === "native" || amount === 0n) continue;
    const summary = `Approved ${formatUnitsShort(amount, token.decimals)} ${token.symbol}`;
    const ok = await ensureApproval(
      job,
      { address: token.address, symbol: token.symbol, decimals: token.decimals },
      spender,
      { amount, unlimited: false },
      tracked(job, summary, report),
    );
    if (!ok) return false;
  }
  return true;
}

/** Adds `amountA` of A and `amountB` of B to their V2 pair. Resolves `true` once confirmed. */
export async function addV2Liquidity(
  job: LiquidityJob,
  params: { readonly a: Spend; readonly b: Spend; readonly options: V2CallOptions },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { a, b, options } = params;
  const tx = buildAddLiquidity(a.token, b.token, { amountA: a.amount, amountB: b.amount }, options);
  if (!await approveEach(job, [a, b], options.contracts.v2Router, report)) return false;
  const summary = `Added ${spendText([a, b])} to the ${a.token.symbol}/${b.token.symbol} V2 pair`;
  return await runTx({ ...job, tx }, tracked(job, summary, report));
}

/**
 * Adds to V3 position `tokenId`: `amount0` and `amount1` of its tokens (a
 * side given as `native` is paid in ether, refunded when unused).
 */
export async function increaseV3Liquidity(
  job: LiquidityJob,
  params: { readonly tokenId: bigint; readonly spend0: Spend; readonly spend1: Spend; readonly options: V3CallOptions },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { tokenId, spend0, spend1, options } = params;
  const nativeValue = spend0.token.address === "native"
    ? spend0.amount
    : spend1.token.address === "native"
    ? spend1.amount
    : undefined;
  const tx = buildIncrease(tokenId, { amount0: spend0.amount, amount1: spend1.amount, nativeValue }, options);
  if (!await approveEach(job, [spend0, spend1], options.contracts.v3PositionManager, report)) return false;
  return await runTx(
    { ...job, tx },
    tracked(job, `Added ${spendText([spend0, spend1])} to position #${tokenId}`, report),
  );
}
