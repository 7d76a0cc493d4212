import assert from "node:assert/strict";
import { liquidityDistribution } from "../../app/explore/pool_data.ts";

Deno.test("liquidity is the running sum of liquidityNet over sorted ticks", () => {
  const bars = liquidityDistribution([
    { tickIdx: 200, liquidityNet: "-100", price0: "3" },
    { tickIdx: -100, liquidityNet: "100", price0: "1" },
    null,
    { tickIdx: 0, liquidityNet: "50", price0: "2" },
    { tickIdx: 300, liquidityNet: "-50", price0: "4" },
    { tickIdx: 400, liquidityNet: "not a number", price0: "5" },
    { tickIdx: null, liquidityNet: "7" },
  ]);
  assert.deepEqual(bars, [
    { tickIdx: -100, price0: 1, liquidity: 100 },
    { tickIdx: 0, price0: 2, liquidity: 150 },
    { tickIdx: 200, price0: 3, liquidity: 50 },
    { tickIdx: 300, price0: 4, liquidity: 0 },
  ]);
});

Deno.test("liquidity never goes below zero and handles uint128-sized values", () => {
  const big = (2n ** 100n).toString();
  const bars = liquidityDistribution([
    { tickIdx: 1, liquidityNet: big, price0: "1" },
    { tickIdx: 2, liquidityNet: `-${big}`, price0: "1" },
    { tickIdx: 3, liquidityNet: "-5", price0: "1" },
  ]);
  assert.deepEqual(bars.map((b) => b.liquidity), [2 ** 100, 0, 0]);
});
