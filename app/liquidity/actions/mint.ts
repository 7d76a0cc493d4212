/**
 * Opening a V3 position with the wallet: exact approvals of both tokens to
 * the NonfungiblePositionManager (the native side needs none), then `mint`
 * (with `createAndInitializePoolIfNecessary` first for a new pool, and
 * `refundETH` when ether pays a side), simulated before the wallet is asked
 * and recorded in the browser's history.
 *
 * @module
 */
import { formatPoolFee } from "../../lib/format.ts";
import { buildMint, type V3CallOptions } from "../v3_position.ts";
import { runTx, type TxStatus } from "../../wallet/wallet_tx.ts";
import { approveEach, type LiquidityJob, type Spend, spendText, tracked } from "./add_liquidity.ts";

/** What a new position is: its pool (token order of the pool), range, amounts and, for a new pool, its price. */
export interface MintParams {
  /** token0's amount; `token.address` is `native` when ether pays that side. */
  readonly spend0: Spend;
  readonly spend1: Spend;
  /** The pool's token addresses (the wrapped native one for an ether side). */
  readonly token0: `0x${string}`;
  readonly token1: `0x${string}`;
  readonly fee: number;
  readonly tickLower: number;
  readonly tickUpper: number;
  /** Set only when the pool does not exist yet: it is created at this price. */
  readonly initialSqrtPriceX96?: bigint;
  readonly options: V3CallOptions;
}

/** The position manager's call of a mint (ether as value for a native side). */
export function mintTx(params: MintParams) {
  const { spend0, spend1, options } = params;
  const nativeValue = spend0.token.address === "native"
    ? spend0.amount
    : spend1.token.address === "native"
    ? spend1.amount
    : undefined;
  return buildMint({
    token0: params.token0,
    token1: params.token1,
    fee: params.fee,
    tickLower: params.tickLower,
    tickUpper: params.tickUpper,
    amount0: spend0.amount,
    amount1: spend1.amount,
    initialSqrtPriceX96: params.initialSqrtPriceX96,
    nativeValue,
  }, options);
}

/** Opens the position. Resolves `true` once the mint confirmed. */
export async function mintPosition(
  job: LiquidityJob,
  params: MintParams,
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { spend0, spend1, options } = params;
  const tx = mintTx(params);
  if (!await approveEach(job, [spend0, spend1], options.contracts.v3PositionManager, report)) return false;
  const pool = `${spend0.token.symbol}/${spend1.token.symbol} ${formatPoolFee({ feeTier: params.fee })}`;
  return await runTx(
    { ...job, tx },
    tracked(job, `Opened a ${pool} position with ${spendText([spend0, spend1])}`, report),
  );
}
