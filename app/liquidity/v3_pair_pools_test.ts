import assert from "node:assert/strict";
import { deepestFee, priceGap } from "./v3_pair_pools.ts";
import type { V3Pool } from "./v3_position.ts";

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

Deno.test("deepestFee: the tier whose pool has the most liquidity; none without pools", () => {
  assert.equal(deepestFee(new Map([[100, null], [500, pool(500, 9n)], [3000, pool(3000, 2n)], [10000, null]])), 500);
  assert.equal(deepestFee(new Map([[500, pool(500, 1n)], [3000, pool(3000, 5n)]])), 3000);
  assert.equal(deepestFee(new Map([[500, null], [3000, null]])), null);
});

Deno.test("priceGap: the relative distance from the market, unknown without both prices", () => {
  assert.ok(Math.abs(priceGap(102, 100)! - 0.02) < 1e-9);
  assert.ok(Math.abs(priceGap(3000, 3180)! - 0.0566) < 0.001);
  assert.equal(priceGap(0, 100), null);
  assert.equal(priceGap(5, null), null);
});
