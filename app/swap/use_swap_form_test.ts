import assert from "node:assert/strict";
import { initialSwapForm, swapFormReducer } from "./use_swap_form.ts";

Deno.test("swapFormReducer: picking the other side's token swaps the pair", () => {
  const start = { ...initialSwapForm("NATIVE", "usdc"), confirmFlagged: true };
  const swapped = swapFormReducer(start, { type: "pick", side: "in", key: "usdc" });
  assert.deepEqual([swapped.inKey, swapped.outKey, swapped.confirmFlagged], ["usdc", "NATIVE", false]);
  const other = swapFormReducer(start, { type: "pick", side: "out", key: "uni" });
  assert.deepEqual([other.inKey, other.outKey], ["NATIVE", "uni"]);
});

Deno.test("swapFormReducer: flip turns the pair and the typed side; a trade done clears the intent", () => {
  let s = swapFormReducer(initialSwapForm("a", "b"), { type: "type", kind: "exactIn", text: "5" });
  s = swapFormReducer(s, { type: "ack", ack: { key: "k", bps: 2000 } });
  const flipped = swapFormReducer(s, { type: "flip" });
  assert.deepEqual([flipped.inKey, flipped.outKey, flipped.kind, flipped.amountText], ["b", "a", "exactOut", "5"]);
  const done = swapFormReducer(swapFormReducer(flipped, { type: "slippage", text: "1" }), { type: "traded" });
  assert.deepEqual([done.amountText, done.kind, done.ack, done.customSlippage], ["", "exactIn", null, "1"]);
});
