import assert from "node:assert/strict";
import { sqrtRatioAtTick } from "./v3_position.ts";
import { type V4PositionInputs, v4PositionMath } from "./v4_new_math.ts";

const ETH = { address: "0x0000000000000000000000000000000000000000", symbol: "ETH", decimals: 18 } as const;
const USDC = { address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", symbol: "USDC", decimals: 6 } as const;
// 3000 USDC per ETH: price of currency0 (ETH) in currency1 (USDC) base units is 3000e6 / 1e18.
const TICK = Math.floor(Math.log(3000e6 / 1e18) / Math.log(1.0001));

const base: V4PositionInputs = {
  pair: [ETH, USDC],
  pool: { sqrtPriceX96: sqrtRatioAtTick(TICK), tick: TICK },
  tickSpacing: 60,
  marketPrice: 3000,
  startText: "",
  preset: "full",
  typed: { min: "", max: "" },
  amount: { side: 0, text: "1" },
  slippageBps: 50,
  priceOf: (t) => (t.symbol === "ETH" ? 3000 : 1),
};

Deno.test("full range: 1 ETH takes about 3000 USDC, the max adds the slippage", () => {
  const m = v4PositionMath(base);
  assert.equal(m.quote, "USDC per ETH");
  assert.ok(Math.abs(m.current! - 3000) < 1, `current ${m.current}`);
  const usdc = Number(m.amount1) / 1e6;
  assert.ok(Math.abs(usdc - 3000) < 3, `USDC ${usdc}`);
  assert.ok(m.max!.amount0Max > m.amount0! && m.max!.amount0Max < m.amount0! * 1006n / 1000n);
  assert.ok(Math.abs(m.depositUsd! - 6000) < 10);
  assert.equal(m.full, true);
});

Deno.test("typing the second side computes the first", () => {
  const m = v4PositionMath({ ...base, amount: { side: 1, text: "3000" } });
  assert.ok(Math.abs(Number(m.amount0) / 1e18 - 1) < 0.002, `ETH ${m.amount0}`);
});

Deno.test("a range below the price takes USDC only: typing ETH says why", () => {
  const m = v4PositionMath({ ...base, preset: "custom", typed: { min: "1000", max: "2000" } });
  assert.equal(m.amount0, null);
  assert.match(m.amountError ?? "", /takes the second token only/);
  const usdcOnly = v4PositionMath({
    ...base,
    preset: "custom",
    typed: { min: "1000", max: "2000" },
    amount: { side: 1, text: "500" },
  });
  assert.equal(usdcOnly.amount0, 0n);
  assert.equal(usdcOnly.amount1, 500_000_000n);
  assert.equal(usdcOnly.outside, true);
});

Deno.test("a new pool: the typed price sets the ticks and is warned past 2% from the market", () => {
  const near = v4PositionMath({ ...base, pool: null, startText: "3030" });
  assert.ok(near.gap! < 0.02 && near.sqrtPrice !== null && near.amount1 !== null);
  const far = v4PositionMath({ ...base, pool: null, startText: "3300" });
  assert.ok(Math.abs(far.gap! - 0.1) < 1e-9);
  const bad = v4PositionMath({ ...base, pool: null, startText: "-1" });
  assert.ok(bad.startError);
  assert.equal(bad.amount0, null);
});
