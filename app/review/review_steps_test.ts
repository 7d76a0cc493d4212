import assert from "node:assert/strict";
import { failureText, type ReviewStep, runSteps, type StepView, waitingViews } from "./review_steps.ts";

function step(id: string, outcome: "ok" | "reject" | "throw", log: string[]): ReviewStep {
  return {
    id,
    title: `Do ${id}`,
    contract: "0x0000000000000000000000000000000000000001",
    call: `${id}()`,
    run(report) {
      log.push(id);
      report({ step: "wallet", label: id, to: "0x0000000000000000000000000000000000000001" });
      if (outcome === "throw") throw new Error("network down");
      if (outcome === "reject") {
        report({ step: "failed", label: id, reason: "User rejected the request." });
        return Promise.resolve(false);
      }
      report({ step: "confirmed", label: id, hash: "0x01", explorer: null });
      return Promise.resolve(true);
    },
  };
}

Deno.test("runSteps: walks the steps in order, each done", async () => {
  const log: string[] = [];
  const steps = [step("approve", "ok", log), step("swap", "ok", log)];
  const seen: StepView[][] = [];
  const ok = await runSteps(steps, waitingViews(steps), (v) => seen.push(v));
  assert.equal(ok, true);
  assert.deepEqual(log, ["approve", "swap"]);
  assert.deepEqual(seen.at(-1)!.map((v) => v.state), ["done", "done"]);
  // The second step waited while the first ran.
  assert.ok(seen.some((v) => v[0].state === "active" && v[1].state === "waiting"));
});

Deno.test("runSteps: a rejected step stops the flow and says which and why; a retry resumes there", async () => {
  const log: string[] = [];
  const steps = [step("approve", "ok", log), step("swap", "reject", log), step("never", "ok", log)];
  let views = waitingViews(steps);
  assert.equal(await runSteps(steps, views, (v) => (views = v)), false);
  assert.deepEqual(log, ["approve", "swap"]);
  assert.deepEqual(views.map((v) => v.state), ["done", "failed", "waiting"]);
  assert.equal(failureText(views), "Step 2 of 3 (Do swap) failed: User rejected the request.");
  const again = [steps[0], step("swap", "ok", log), steps[2]];
  assert.equal(await runSteps(again, views, (v) => (views = v)), true);
  assert.deepEqual(log, ["approve", "swap", "swap", "never"], "the done approval is not sent twice");
});

Deno.test("runSteps: a step that throws fails with its message", async () => {
  const steps = [step("approve", "throw", [])];
  let views = waitingViews(steps);
  assert.equal(await runSteps(steps, views, (v) => (views = v)), false);
  assert.equal(failureText(views), "Step 1 of 1 (Do approve) failed: network down");
  assert.equal(failureText(waitingViews(steps)), null);
});
