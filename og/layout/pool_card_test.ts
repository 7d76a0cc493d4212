import assert from "node:assert/strict";
import { feeLabel } from "./pool_card.tsx";

// The label itself is lib/fees.ts's (tested there); the card falls back to 0.3% when the gateway gives no fee.
Deno.test("the card's fee label: lib/fees.ts's label, 0.3% when the fee is unknown", () => {
  assert.equal(feeLabel(500), "0.05%");
  assert.equal(feeLabel(null), "0.3%");
  assert.equal(feeLabel(undefined), "0.3%");
  assert.equal(feeLabel(Number.NaN), "0.3%");
  assert.equal(feeLabel(3000, true, "V4"), "Dynamic");
  assert.equal(feeLabel(0x800000, false, "V4"), "Dynamic");
});
