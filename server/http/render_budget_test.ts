import assert from "node:assert/strict";
import { BUSY_RETRY_SECONDS, createRenderBudget } from "./render_budget.ts";

Deno.test("client budget: a few at once per client, a few waiting, then refused; others are not touched", async () => {
  const budget = createRenderBudget({ inFlight: 2, waiting: 1, ratePerSecond: 1000, burst: 1000 });
  // Another client asked a moment ago: the limits apply.
  const z = await budget.enter("z");
  assert.ok(z.ok);
  z.release();
  const first = await budget.enter("a");
  const second = await budget.enter("a");
  assert.ok(first.ok && second.ok);
  let thirdIn = false;
  const third = budget.enter("a").then((entry) => (thirdIn = true, entry));
  const fourth = await budget.enter("a");
  assert.deepEqual(fourth, { ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS });
  // Another client is let in at once.
  const other = await budget.enter("b");
  assert.ok(other.ok);
  assert.deepEqual(budget.stats(), { clients: 2, inFlight: 3, waiting: 1 });
  await Promise.resolve();
  assert.equal(thirdIn, false);
  first.release();
  first.release(); // twice counts once
  const entry = await third;
  assert.ok(entry.ok);
  second.release();
  entry.release();
  other.release();
  assert.deepEqual(budget.stats(), { clients: 0, inFlight: 0, waiting: 0 });
});

Deno.test("client budget: the rate bucket refuses with the time to the next token; a gone waiter leaves", async () => {
  let now = 0;
  const budget = createRenderBudget({ inFlight: 1, waiting: 4, ratePerSecond: 0.5, burst: 2, now: () => now });
  const z = await budget.enter("z");
  assert.ok(z.ok);
  z.release();
  const a = await budget.enter("a");
  assert.ok(a.ok);
  const controller = new AbortController();
  const waiter = budget.enter("a", controller.signal);
  const refused = await budget.enter("a");
  assert.deepEqual(refused, { ok: false, reason: "rate", retryAfterSeconds: 2 });
  controller.abort();
  assert.equal((await waiter).ok, false);
  assert.equal(budget.stats().waiting, 0);
  a.release();
  now += 1_000;
  assert.ok((await budget.enter("z")).ok); // z keeps the limits on
  now += 1_000;
  const later = await budget.enter("a");
  assert.ok(later.ok);
  later.release();
  assert.throws(() => createRenderBudget({ inFlight: 0 }), /inFlight 0/);
});

Deno.test("client budget: a client alone is never refused; the limits hold as soon as another asks", async () => {
  let now = 0;
  const budget = createRenderBudget({ inFlight: 1, waiting: 0, ratePerSecond: 1, burst: 2, now: () => now });
  const alone = await Promise.all(Array.from({ length: 10 }, () => budget.enter("a")));
  assert.ok(alone.every((entry) => entry.ok));
  assert.equal(budget.stats().inFlight, 10);
  // Someone else comes: a's bucket is spent and it has requests in flight.
  const b = await budget.enter("b");
  assert.ok(b.ok);
  assert.deepEqual(await budget.enter("a"), { ok: false, reason: "busy", retryAfterSeconds: 2 });
  for (const entry of alone) if (entry.ok) entry.release();
  assert.equal((await budget.enter("a")).ok, false); // rate: its bucket is empty
  // Quiet for longer than sharedMs: b is gone, a is alone again.
  now += 2_001;
  assert.ok((await budget.enter("a")).ok);
});
