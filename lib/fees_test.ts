import assert from "node:assert/strict";
import { feeLabel, feePercent, isDynamicFee, V4_DYNAMIC_FEE_FLAG } from "./fees.ts";

Deno.test("feePercent is feeTier / 10000 as a percentage", () => {
  assert.equal(feePercent(3000), "0.3%");
  assert.equal(feePercent(500), "0.05%");
  assert.equal(feePercent(100), "0.01%");
  assert.equal(feePercent(10000), "1%");
  assert.equal(feePercent(2500), "0.25%");
  assert.equal(feePercent(1), "0.0001%");
});

Deno.test("feeLabel: the percentage, Dynamic for a dynamic fee, null when unknown", () => {
  assert.equal(feeLabel({ feeTier: 3000 }), "0.3%");
  assert.equal(feeLabel({ feeTier: null }), null);
  assert.equal(feeLabel({}), null);
  assert.equal(feeLabel({ feeTier: Number.NaN }), null);
  assert.equal(feeLabel({ feeTier: -1 }), null);
  assert.equal(feeLabel({ feeTier: 3000, isDynamicFee: true }), "Dynamic");
  assert.equal(feeLabel({ feeTier: null, isDynamicFee: true }), "Dynamic");
});

Deno.test("a V4 fee field holding the dynamic flag is dynamic; the same number elsewhere is not", () => {
  assert.ok(isDynamicFee({ feeTier: V4_DYNAMIC_FEE_FLAG, protocolVersion: "V4" }));
  assert.ok(isDynamicFee({ feeTier: V4_DYNAMIC_FEE_FLAG, protocolVersion: "v4" }));
  assert.ok(!isDynamicFee({ feeTier: V4_DYNAMIC_FEE_FLAG, protocolVersion: "V3" }));
  assert.ok(!isDynamicFee({ feeTier: 3000, isDynamicFee: false, protocolVersion: "V4" }));
  assert.ok(!isDynamicFee({ feeTier: 3000, isDynamicFee: null }));
});
