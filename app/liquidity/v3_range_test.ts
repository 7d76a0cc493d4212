import assert from "node:assert/strict";
import { MAX_TICK, MIN_TICK, tickToPrice } from "./v3_position.ts";
import {
  customRangeTicks,
  formatRangePrice,
  fullRangeTicks,
  isFullRange,
  percentRangeTicks,
  shownPrice,
  shownPriceToTick,
  shownRange,
} from "./v3_range.ts";

// USDC (6 decimals) is token0 and WETH (18) token1: ticks price USDC in WETH.
const USDC_WETH = { decimals0: 6, decimals1: 18, inverted: false };
const WETH_USDC = { ...USDC_WETH, inverted: true };
const TICK_3180 = shownPriceToTick(3180.42, WETH_USDC); // 1 WETH = 3180.42 USDC

Deno.test("range presets: full range is the outermost usable ticks; ±10% is 0.9x..1.1x of the price", () => {
  assert.deepEqual(fullRangeTicks(10), [-887270, 887270]);
  assert.deepEqual(fullRangeTicks(60), [-887220, 887220]);
  assert.ok(fullRangeTicks(200)[0] >= MIN_TICK && fullRangeTicks(200)[1] <= MAX_TICK);
  const [lower, upper] = percentRangeTicks(TICK_3180, 10, 10);
  assert.equal(lower % 10, 0);
  assert.equal(upper % 10, 0);
  const price = shownPrice(TICK_3180, USDC_WETH);
  const [low, high] = shownRange(lower, upper, USDC_WETH);
  assert.ok(Math.abs(low / price - 0.9) < 0.002, String(low / price));
  assert.ok(Math.abs(high / price - 1.1) < 0.002, String(high / price));
  assert.ok(isFullRange(...fullRangeTicks(60), 60));
  assert.ok(!isFullRange(lower, upper, 10));
  // Shown the other way round (USDC per WETH), the band is ±10% of that price.
  const [il, iu] = percentRangeTicks(TICK_3180, 10, 10, true);
  const [shownLow, shownHigh] = shownRange(il, iu, WETH_USDC);
  assert.ok(Math.abs(shownLow / 3180.42 - 0.9) < 0.002 && Math.abs(shownHigh / 3180.42 - 1.1) < 0.002);
  // A tiny band still spans a tick spacing on each side of the price.
  const [l, u] = percentRangeTicks(0, 200, 0.001);
  assert.deepEqual([l, u], [-200, 200]);
  assert.throws(() => percentRangeTicks(0, 60, 100), /expected a percentage between 0 and 100/);
});

Deno.test("prices both ways: the inverse direction shows 1/price and round-trips through ticks", () => {
  assert.ok(Math.abs(shownPrice(TICK_3180, WETH_USDC) / 3180.42 - 1) < 0.0002);
  assert.ok(Math.abs(shownPrice(TICK_3180, USDC_WETH) * 3180.42 - 1) < 0.0002);
  assert.equal(shownPrice(TICK_3180, USDC_WETH), tickToPrice(TICK_3180, 6, 18));
  assert.throws(() => shownPriceToTick(0, USDC_WETH), /Cannot place price 0: expected a positive number/);
  assert.equal(formatRangePrice(3180.4231), "3180.42");
  assert.equal(formatRangePrice(0), "0");
  assert.equal(formatRangePrice(Infinity), "∞");
});

Deno.test("custom ranges: typed either way round they give the same ticks; bad ranges say why", () => {
  const asUsdc = customRangeTicks(3000, 3500, WETH_USDC, 10);
  const asWeth = customRangeTicks(1 / 3500, 1 / 3000, USDC_WETH, 10);
  assert.ok(asUsdc[0] < asUsdc[1]);
  assert.ok(Math.abs(asUsdc[0] - asWeth[0]) <= 10 && Math.abs(asUsdc[1] - asWeth[1]) <= 10, `${asUsdc} ${asWeth}`);
  const [low, high] = shownRange(asUsdc[0], asUsdc[1], WETH_USDC);
  assert.ok(Math.abs(low - 3000) < 3 && Math.abs(high - 3500) < 3.5, `${low} ${high}`);
  assert.throws(() => customRangeTicks(3500, 3000, WETH_USDC, 10), /minimum price must be below the maximum price/);
  assert.throws(() => customRangeTicks(3000, 3000.01, WETH_USDC, 200), /same tick, widen it/);
  assert.throws(() => customRangeTicks(Number.NaN, 1, WETH_USDC, 10), /minimum price must be below/);
});
