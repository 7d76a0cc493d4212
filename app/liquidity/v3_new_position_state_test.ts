import assert from "node:assert/strict";
import { initialNewPosition, newPositionReducer } from "./v3_new_position_state.ts";

const start = initialNewPosition({ a: "NATIVE", b: "0xusdc", fee: null });

Deno.test("newPositionReducer: picking the other side's token swaps the pair and clears the amount", () => {
  const typed = newPositionReducer(start, { type: "amount", side: 1, text: "1.5" });
  assert.deepEqual(typed.amount, { side: 1, text: "1.5" });
  const swapped = newPositionReducer(typed, { type: "pick", side: "a", key: "0xusdc" });
  assert.deepEqual([swapped.a, swapped.b], ["0xusdc", "NATIVE"]);
  assert.deepEqual(swapped.amount, { side: 0, text: "" });
  const other = newPositionReducer(swapped, { type: "pick", side: "b", key: "0xuni" });
  assert.deepEqual([other.a, other.b], ["0xusdc", "0xuni"]);
});

Deno.test("newPositionReducer: a new amount clears the last Confirmed line; a review clears the status", () => {
  const confirmed = newPositionReducer(start, {
    type: "status",
    status: { step: "confirmed", label: "mint", hash: "0x1", explorer: null },
  });
  assert.equal(confirmed.status.step, "confirmed");
  assert.equal(newPositionReducer(confirmed, { type: "amount", side: 0, text: "1" }).status.step, "idle");
  const failed = newPositionReducer(start, { type: "status", status: { step: "failed", label: "mint", reason: "x" } });
  assert.equal(newPositionReducer(failed, { type: "amount", side: 0, text: "1" }).status.step, "failed");
  const review = { title: "t" } as never;
  const open = newPositionReducer(failed, { type: "review", review });
  assert.equal(open.status.step, "idle");
  assert.equal(open.review, review);
  assert.deepEqual(newPositionReducer(open, { type: "done" }).amount.text, "");
});

Deno.test("newPositionReducer: choosing a tier drops a typed starting price", () => {
  const typed = newPositionReducer(start, { type: "start", text: "3000" });
  const chosen = newPositionReducer(typed, { type: "fee", fee: 3000 });
  assert.equal(chosen.fee, 3000);
  assert.equal(chosen.startText, "");
});
