import assert from "node:assert/strict";
import { boundSimulation, MAX_SIMULATED_CALLS } from "./simulation_bounds.ts";

const call = (gas?: string) => ({ from: "0x01", to: "0x02", data: "0x", ...(gas ? { gas } : {}) });

Deno.test("boundSimulation: every call's gas is capped; other fields are kept", () => {
  const out = boundSimulation([{
    blockStateCalls: [{ calls: [call(), call("0x10"), call("0xffffffff")] }],
    traceTransfers: true,
  }, "latest"], 100n);
  assert.ok(out.ok);
  const [payload, block] = out.params as [
    { blockStateCalls: { calls: { gas: string }[] }[]; traceTransfers: boolean },
    string,
  ];
  assert.deepEqual(payload.blockStateCalls[0].calls.map((c) => c.gas), ["0x64", "0x10", "0x64"]);
  assert.equal(payload.traceTransfers, true);
  assert.equal(block, "latest");
});

Deno.test("boundSimulation: too many calls or blocks, full transactions and bad shapes are refused", () => {
  const many = Array.from({ length: MAX_SIMULATED_CALLS + 1 }, () => call());
  assert.match((boundSimulation([{ blockStateCalls: [{ calls: many }] }], 1n) as { error: string }).error, /at most 8/);
  const blocks = [{ calls: [] }, { calls: [] }, { calls: [] }];
  assert.equal(boundSimulation([{ blockStateCalls: blocks }], 1n).ok, false);
  assert.equal(boundSimulation([{ blockStateCalls: [{}], returnFullTransactions: true }], 1n).ok, false);
  assert.equal(boundSimulation([{}], 1n).ok, false);
  assert.equal(boundSimulation("x", 1n).ok, false);
  assert.equal(boundSimulation([{ blockStateCalls: [{ calls: "x" }] }], 1n).ok, false);
});
