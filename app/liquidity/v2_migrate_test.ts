import assert from "node:assert/strict";
import { decodeFunctionData } from "viem";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { buildMigrate, MIGRATOR_ABI } from "./v2_migrate.ts";
import { liquidityForAmounts } from "./v3_position.ts";
import { amountsForLiquidity, sqrtRatioAtTick } from "./v3_position.ts";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const ME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";

Deno.test("liquidityForAmounts: the scarcer side bounds the liquidity, and it takes no more than given", () => {
  const price = sqrtRatioAtTick(200_000);
  const [lower, upper] = [-887_270, 887_270];
  const l = liquidityForAmounts(price, lower, upper, 3_000_000_000n, 10n ** 18n);
  const used = amountsForLiquidity(price, lower, upper, l);
  assert.ok(used.amount0 <= 3_000_000_000n && used.amount1 <= 10n ** 18n, JSON.stringify(used, (_, v) => String(v)));
  // One side is used (almost) whole.
  assert.ok(used.amount0 > 2_990_000_000n || used.amount1 > 99n * 10n ** 16n);
});

Deno.test("buildMigrate: migrate() on the migrator, 100%, minimums after slippage, ETH refund with WETH", () => {
  const tx = buildMigrate({
    pair: "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc",
    liquidity: 1000n,
    amount0: 3_000_000_000n,
    amount1: 10n ** 18n,
    token0: USDC,
    token1: C.wrappedNative,
    fee: 500,
    tickLower: -887_270,
    tickUpper: 887_270,
    sqrtPriceX96: sqrtRatioAtTick(200_000),
  }, { contracts: C, recipient: ME, slippageBps: 50, deadline: 99n });
  assert.equal(tx.to, C.v3Migrator);
  assert.equal(tx.value, 0n);
  const { functionName, args } = decodeFunctionData({ abi: MIGRATOR_ABI, data: tx.data });
  assert.equal(functionName, "migrate");
  const p = args[0];
  assert.equal(p.percentageToMigrate, 100);
  assert.equal(p.liquidityToMigrate, 1000n);
  assert.equal(p.refundAsETH, true);
  assert.equal(p.amount0Min, tx.expected0 * 9950n / 10_000n);
  assert.equal(p.amount1Min, tx.expected1 * 9950n / 10_000n);
  assert.ok(tx.expected0 > 0n && tx.expected1 > 0n);
});

Deno.test("buildMigrate: no pair tokens or an empty range is refused, naming the value", () => {
  const base = {
    pair: "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc" as const,
    liquidity: 0n,
    amount0: 1n,
    amount1: 1n,
    token0: USDC as `0x${string}`,
    token1: C.wrappedNative,
    fee: 500,
    tickLower: -10,
    tickUpper: 10,
    sqrtPriceX96: sqrtRatioAtTick(0),
  };
  const options = { contracts: C, recipient: ME as `0x${string}`, slippageBps: 50, deadline: 1n };
  assert.throws(() => buildMigrate(base, options), /Cannot migrate 0 pair tokens/);
  assert.throws(() => buildMigrate({ ...base, liquidity: 1n, tickLower: 10 }, options), /ticks 10 to 10/);
});
