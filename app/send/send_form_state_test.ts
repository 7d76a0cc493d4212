import assert from "node:assert/strict";
import { initialSend, sendReducer } from "./send_form_state.ts";

Deno.test("sendReducer: a new token drops the flagged confirmation; a new amount drops the last summary", () => {
  let s = initialSend("NATIVE");
  s = sendReducer(s, { type: "confirmFlagged", yes: true });
  s = sendReducer(s, { type: "token", key: "0xspam" });
  assert.deepEqual([s.key, s.confirmFlagged], ["0xspam", false]);
  s = sendReducer(s, { type: "mined", done: { summary: "Sent" } as never });
  s = sendReducer(s, { type: "status", status: { step: "confirmed", label: "t", hash: "0x1", explorer: null } });
  s = sendReducer(s, { type: "amount", text: "2" });
  assert.deepEqual([s.done, s.status.step, s.amountText], [null, "idle", "2"]);
});

Deno.test("sendReducer: opening a review clears the status; a confirmed send clears the amount", () => {
  let s = sendReducer(initialSend("NATIVE"), { type: "amount", text: "1" });
  s = sendReducer(s, { type: "status", status: { step: "failed", label: "t", reason: "no" } });
  s = sendReducer(s, { type: "review", review: { title: "Review sending" } as never });
  assert.equal(s.status.step, "idle");
  s = sendReducer(s, { type: "sent" });
  s = sendReducer(s, { type: "review", review: null });
  assert.deepEqual([s.amountText, s.review], ["", null]);
});

Deno.test("sendReducer: a new token, Max or recipient clears the last send's summary and status", () => {
  let sent = sendReducer(initialSend("NATIVE"), { type: "mined", done: { summary: "Sent" } as never });
  sent = sendReducer(sent, { type: "status", status: { step: "confirmed", label: "t", hash: "0x1", explorer: null } });
  for (
    const action of [
      { type: "token", key: "usdc" },
      { type: "max", text: "1" },
      { type: "recipient", text: "0x1" },
    ] as const
  ) {
    const next = sendReducer(sent, action);
    assert.deepEqual([next.done, next.status.step], [null, "idle"], action.type);
  }
});
