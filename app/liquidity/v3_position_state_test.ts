import assert from "node:assert/strict";
import { INITIAL_V3_POSITION, v3PositionReducer } from "./v3_position_state.ts";

Deno.test("v3PositionReducer: starts at no share, ether for a WETH side; an increase types either side", () => {
  assert.deepEqual([INITIAL_V3_POSITION.share, INITIAL_V3_POSITION.asEther, INITIAL_V3_POSITION.payEther], [
    "",
    true,
    true,
  ]);
  const typed = v3PositionReducer(INITIAL_V3_POSITION, { type: "add", side: 1, text: "0.5" });
  assert.deepEqual(typed.add, { side: 1, text: "0.5" });
});

Deno.test("v3PositionReducer: a new action clears the old Confirmed line; done clears the amount and share", () => {
  let s = v3PositionReducer(INITIAL_V3_POSITION, {
    type: "status",
    status: { step: "confirmed", label: "collect", hash: "0x1", explorer: null },
  });
  s = v3PositionReducer(s, { type: "share", share: "25" });
  assert.equal(s.status.step, "idle");
  s = v3PositionReducer(s, { type: "status", status: { step: "confirmed", label: "x", hash: "0x2", explorer: null } });
  s = v3PositionReducer(s, { type: "review", review: { title: "Collect" } as never });
  assert.equal(s.status.step, "idle");
  s = v3PositionReducer(s, { type: "done" });
  assert.deepEqual([s.share, s.add.text], ["", ""]);
});
