import assert from "node:assert/strict";
import type { V3Pool } from "./v3_position.ts";
import { feePercent, mostUsedFee, tierChoices } from "./fee_tiers.ts";

const pool = (fee: number, liquidity: bigint): V3Pool => ({
  address: "0x0000000000000000000000000000000000000001",
  token0: "0x0000000000000000000000000000000000000002",
  token1: "0x0000000000000000000000000000000000000003",
  fee,
  tickSpacing: 10,
  sqrtPriceX96: 1n << 96n,
  tick: 0,
  liquidity,
});

// USDC (6 decimals, $1) and WETH (18 decimals, $3,000).
const pair = { decimals: [6, 18] as const, prices: [1, 3000] as const };

Deno.test("tierChoices: TVL of each pool at the prices; most used is the deepest by TVL", () => {
  const pools = new Map([[100, null], [500, pool(500, 10n)], [3000, pool(3000, 1_000n)], [10000, null]]);
  const reserves = new Map([
    [500, [2_000_000_000n, 10n ** 18n] as const], // $2,000 + $3,000
    [3000, [1_000_000n, 0n] as const], // $1
  ]);
  const choices = tierChoices(pools, reserves, pair);
  assert.deepEqual(choices.map((c) => c.label), ["0.01%", "0.05%", "0.3%", "1%"]);
  assert.deepEqual(choices.map((c) => c.hasPool), [false, true, true, false]);
  assert.deepEqual(choices.map((c) => c.tvlUsd), [null, 5_000, 1, null]);
  // More TVL wins over more in-range liquidity.
  assert.deepEqual(choices.map((c) => c.mostUsed), [false, true, false, false]);
  assert.equal(mostUsedFee(choices), 500);
});

Deno.test("tierChoices: without a price, the most in-range liquidity; without pools, none", () => {
  const pools = new Map([[100, null], [500, pool(500, 10n)], [3000, pool(3000, 1_000n)], [10000, null]]);
  const reserves = new Map([[500, [1n, 1n] as const], [3000, [1n, 1n] as const]]);
  const unpriced = tierChoices(pools, reserves, { decimals: [6, 18], prices: [1, null] });
  assert.deepEqual(unpriced.map((c) => c.tvlUsd), [null, null, null, null]);
  assert.equal(mostUsedFee(unpriced), 3000);
  assert.equal(mostUsedFee(tierChoices(new Map([[500, null]]), new Map(), pair)), null);
  assert.equal(mostUsedFee(tierChoices(undefined, new Map(), pair)), null);
  assert.equal(feePercent(10000), "1%");
});
