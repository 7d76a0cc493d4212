import assert from "node:assert/strict";
import { initialV2Form, v2FormReducer } from "./v2_form_state.ts";

Deno.test("v2FormReducer: the side typed last counts; picking the other token swaps the pair", () => {
  let s = initialV2Form("NATIVE", "0xusdc");
  s = v2FormReducer(s, { type: "amount", side: "b", text: "100" });
  assert.deepEqual([s.typedSide, s.textB], ["b", "100"]);
  s = v2FormReducer(s, { type: "pick", side: "b", key: "NATIVE" });
  assert.deepEqual([s.a, s.b, s.textA, s.textB], ["0xusdc", "NATIVE", "", ""]);
});

Deno.test("v2FormReducer: a removal starts at no share; Confirmed clears on a new intent; done clears amounts", () => {
  let s = initialV2Form("a", "b");
  assert.equal(s.share, "");
  s = v2FormReducer(s, { type: "status", status: { step: "confirmed", label: "x", hash: "0x1", explorer: null } });
  s = v2FormReducer(s, { type: "share", share: "50" });
  assert.deepEqual([s.share, s.status.step], ["50", "idle"]);
  s = v2FormReducer(s, { type: "amount", side: "a", text: "1" });
  s = v2FormReducer(s, { type: "review", review: { title: "r" } as never });
  assert.equal(s.review?.title, "r");
  s = v2FormReducer(s, { type: "done" });
  assert.deepEqual([s.textA, s.share], ["", ""]);
});
