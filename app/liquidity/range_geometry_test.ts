import assert from "node:assert/strict";
import { rangeGeometry } from "./range_geometry.ts";

Deno.test("rangeGeometry: the band and the current price inside the axis, current between the edges", () => {
  const g = rangeGeometry({ low: 2_900, high: 3_500, full: false }, 3_180, 300)!;
  assert.ok(g.band[0] > 0 && g.band[1] < 300 && g.band[0] < g.band[1]);
  assert.ok(g.current! > g.band[0] && g.current! < g.band[1]);
  assert.equal(g.inRange, true);
  assert.ok(g.domain[0] < 2_900 && g.domain[1] > 3_500);
});

Deno.test("rangeGeometry: a range above the price puts the mark left of the band; full range fills the axis", () => {
  const above = rangeGeometry({ low: 4_000, high: 5_000, full: false }, 3_000, 100)!;
  assert.ok(above.current! < above.band[0]);
  assert.equal(above.inRange, false);
  const full = rangeGeometry({ low: null, high: null, full: true }, 3_000, 100)!;
  assert.deepEqual(full.band, [0, 100]);
  assert.ok(Math.abs(full.current! - 50) < 1e-9);
  assert.equal(full.inRange, true);
});

Deno.test("rangeGeometry: nothing to draw without a range; no mark without a price", () => {
  assert.equal(rangeGeometry({ low: null, high: 3, full: false }, 2, 100), null);
  assert.equal(rangeGeometry({ low: null, high: null, full: true }, null, 100), null);
  const g = rangeGeometry({ low: 1, high: 2, full: false }, null, 100)!;
  assert.equal(g.current, null);
  assert.equal(g.inRange, null);
});
