import assert from "node:assert/strict";
import { feeLabel } from "./pool_card.tsx";

Deno.test("feeLabel is feeTier / 10000 as a percentage", () => {
  assert.equal(feeLabel(3000), "0.3%");
  assert.equal(feeLabel(500), "0.05%");
  assert.equal(feeLabel(100), "0.01%");
  assert.equal(feeLabel(10000), "1%");
  assert.equal(feeLabel(2500), "0.25%");
  assert.equal(feeLabel(null), "0.3%");
  assert.equal(feeLabel(undefined), "0.3%");
  assert.equal(feeLabel(Number.NaN), "0.3%");
});

Deno.test("a dynamic V4 fee says Dynamic", () => {
  assert.equal(feeLabel(3000, true, "V4"), "Dynamic");
  assert.equal(feeLabel(0x800000, false, "V4"), "Dynamic");
  assert.equal(feeLabel(3000, false, "V4"), "0.3%");
});
