import assert from "node:assert/strict";
import { percentChange } from "./series.ts";

Deno.test("percentChange runs from the first to the last point", () => {
  assert.equal(percentChange([{ timestamp: 1, value: 2 }, { timestamp: 2, value: 5 }, { timestamp: 3, value: 3 }]), 50);
  assert.equal(percentChange([{ timestamp: 1, value: 4 }, { timestamp: 2, value: 1 }]), -75);
});

Deno.test("percentChange has no value for one point or a zero start", () => {
  assert.equal(percentChange([]), null);
  assert.equal(percentChange([{ timestamp: 1, value: 2 }]), null);
  assert.equal(percentChange([{ timestamp: 1, value: 0 }, { timestamp: 2, value: 3 }]), null);
});
