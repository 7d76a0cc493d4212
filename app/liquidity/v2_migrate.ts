/**
 * Migrating a V2 position into V3 through `V3Migrator.migrate`: the pair
 * tokens (approved to the migrator) are burned, the V3 position minted from
 * what they return, at a pool's fee tier and a range; what the mint does not
 * take is refunded (as ether when a side is WETH, `refundAsETH`). The
 * minimums follow the slippage from what the mint is expected to take at the
 * V3 pool's current price.
 *
 * @module
 */
import { encodeFunctionData, parseAbi } from "viem";
import type { Address } from "../../lib/address.ts";
import type { UniswapContracts } from "../../lib/chains.ts";
import { amountsForLiquidity, liquidityForAmounts } from "./v3_position.ts";
import type { TxRequest } from "../lib/tx_request.ts";

export const MIGRATOR_ABI = parseAbi([
  "struct MigrateParams { address pair; uint256 liquidityToMigrate; uint8 percentageToMigrate; address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; bool refundAsETH; }",
  "function migrate(MigrateParams params)",
]);

/** A V2 position to move, in the V3 pool's token order. */
export interface MigrateInput {
  readonly pair: Address;
  /** The holder's pair tokens, all migrated (`percentageToMigrate` 100). */
  readonly liquidity: bigint;
  /** What burning them returns (token0, token1 of the V3 pool's order). */
  readonly amount0: bigint;
  readonly amount1: bigint;
  readonly token0: Address;
  readonly token1: Address;
  readonly fee: number;
  readonly tickLower: number;
  readonly tickUpper: number;
  /** The V3 pool's current price. */
  readonly sqrtPriceX96: bigint;
}

/** The migration call and what the mint is expected to take of each token (and its minimums). */
export function buildMigrate(
  input: MigrateInput,
  options: { contracts: UniswapContracts; recipient: Address; slippageBps: number; deadline: bigint },
): TxRequest & { expected0: bigint; expected1: bigint; minimum0: bigint; minimum1: bigint } {
  if (input.liquidity <= 0n) {
    throw new RangeError(`Cannot migrate ${input.liquidity} pair tokens: expected more than 0`);
  }
  if (input.tickLower >= input.tickUpper) {
    throw new RangeError(
      `Cannot migrate into ticks ${input.tickLower} to ${input.tickUpper}: lower must be below upper`,
    );
  }
  const liquidity = liquidityForAmounts(
    input.sqrtPriceX96,
    input.tickLower,
    input.tickUpper,
    input.amount0,
    input.amount1,
  );
  const expected = amountsForLiquidity(input.sqrtPriceX96, input.tickLower, input.tickUpper, liquidity);
  const keep = BigInt(10_000 - options.slippageBps);
  const minimum0 = expected.amount0 * keep / 10_000n;
  const minimum1 = expected.amount1 * keep / 10_000n;
  const weth = options.contracts.wrappedNative.toLowerCase();
  const data = encodeFunctionData({
    abi: MIGRATOR_ABI,
    functionName: "migrate",
    args: [{
      pair: input.pair,
      liquidityToMigrate: input.liquidity,
      percentageToMigrate: 100,
      token0: input.token0,
      token1: input.token1,
      fee: input.fee,
      tickLower: input.tickLower,
      tickUpper: input.tickUpper,
      amount0Min: minimum0,
      amount1Min: minimum1,
      recipient: options.recipient,
      deadline: options.deadline,
      refundAsETH: input.token0.toLowerCase() === weth || input.token1.toLowerCase() === weth,
    }],
  });
  return {
    to: options.contracts.v3Migrator,
    data,
    value: 0n,
    label: "V3Migrator.migrate",
    expected0: expected.amount0,
    expected1: expected.amount1,
    minimum0,
    minimum1,
  };
}
