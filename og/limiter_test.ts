import assert from "node:assert/strict";
import { createLimiter } from "./limiter.ts";

Deno.test("createLimiter never runs more than the limit at once", async () => {
  const limited = createLimiter(2);
  let running = 0;
  let peak = 0;
  const order: number[] = [];
  const task = (n: number) =>
    limited(async () => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      order.push(n);
      running--;
      if (n === 3) throw new Error("task 3 failed");
      return n;
    });
  const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map(task));
  assert.equal(peak, 2);
  assert.deepEqual(results.map((r) => r.status), [
    "fulfilled",
    "fulfilled",
    "rejected",
    "fulfilled",
    "fulfilled",
    "fulfilled",
  ]);
  assert.equal(order.length, 6);
  // A failure frees its slot: everything after it ran.
  assert.equal(await limited(() => Promise.resolve(7)), 7);
  assert.throws(() => createLimiter(0), /expected an integer >= 1/);
});
