/**
 * Collecting a V3 position's fees with the wallet (`collect`, or `collect`
 * to the manager, `unwrapWETH9` and `sweepToken` to take the WETH side as
 * ether), recorded in the browser's history.
 *
 * @module
 */
import { buildCollect, type PayoutOptions, type V3CallOptions, type V3Position } from "../v3_position.ts";
import { runTx, type TxStatus } from "../../wallet/wallet_tx.ts";
import { type LiquidityJob, tracked } from "./add_liquidity.ts";

/**
 * Collects everything position `tokenId` is owed. `expected` (the fees a
 * simulated collect reported) bounds the unwrap and the sweep.
 */
export async function collectFees(
  job: LiquidityJob,
  params: {
    readonly position: Pick<V3Position, "tokenId" | "token0" | "token1">;
    readonly expected?: { readonly amount0: bigint; readonly amount1: bigint };
    readonly options: Pick<V3CallOptions, "contracts" | "recipient"> & PayoutOptions;
  },
  report: (status: TxStatus) => void,
): Promise<boolean> {
  const { position, expected, options } = params;
  const tx = buildCollect(position, { ...options, expected });
  return await runTx({ ...job, tx }, tracked(job, `Collected the fees of position #${position.tokenId}`, report));
}
