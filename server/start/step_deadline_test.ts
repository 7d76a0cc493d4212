import assert from "node:assert/strict";
import { startDeadline } from "./step_deadline.ts";

Deno.test("a start past its deadline is reported with the step it was at", async () => {
  const reported: string[] = [];
  const deadline = startDeadline(20, (step) => reported.push(step));
  deadline.step("opening KV");
  deadline.step("listening");
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(reported, ["listening"]);
});

Deno.test("a start done in time is never reported", async () => {
  const reported: string[] = [];
  const deadline = startDeadline(20, (step) => reported.push(step));
  deadline.done();
  await new Promise((resolve) => setTimeout(resolve, 60));
  assert.deepEqual(reported, []);
});

Deno.test("before any step the report says starting", async () => {
  const reported: string[] = [];
  startDeadline(5, (step) => reported.push(step));
  await new Promise((resolve) => setTimeout(resolve, 30));
  assert.deepEqual(reported, ["starting"]);
});
