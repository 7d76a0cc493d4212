import assert from "node:assert/strict";
import { sqrtRatioAtTick } from "./v3_position.ts";
import { depositAmounts } from "./v3_new_position_math.ts";

const usdc = { address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", symbol: "USDC", decimals: 6 } as const;
const weth = { address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", symbol: "WETH", decimals: 18 } as const;
const pair = [usdc, weth] as const;
const price = sqrtRatioAtTick(195_000);

Deno.test("depositAmounts: typing token1 computes token0, and typing that token0 gives token1 back", () => {
  const fromWeth = depositAmounts(pair, price, [194_000, 196_000], { side: 1, text: "1" });
  assert.equal(fromWeth.typedSide, 1);
  assert.equal(fromWeth.amount1, 10n ** 18n);
  assert.ok(fromWeth.amount0! > 0n);
  const text = (Number(fromWeth.amount0) / 1e6).toFixed(6);
  const back = depositAmounts(pair, price, [194_000, 196_000], { side: 0, text });
  const diff = Number(back.amount1! - 10n ** 18n) / 1e18;
  assert.ok(Math.abs(diff) < 1e-5, `round trip off by ${diff}`);
});

Deno.test("depositAmounts: a range above the price takes token0 only; below it token1 only", () => {
  const above = depositAmounts(pair, price, [196_000, 197_000], { side: 1, text: "1" });
  assert.deepEqual([above.onlyToken0, above.typedSide, above.amount0], [true, 0, null]);
  const typed0 = depositAmounts(pair, price, [196_000, 197_000], { side: 0, text: "5" });
  assert.deepEqual([typed0.amount0, typed0.amount1], [5_000_000n, 0n]);
  const below = depositAmounts(pair, price, [193_000, 194_000], { side: 0, text: "5" });
  assert.deepEqual([below.onlyToken1, below.typedSide, below.amount1], [true, 1, null]);
  assert.equal(depositAmounts(pair, null, [1, 2], { side: 0, text: "1" }).amount0, null);
});
