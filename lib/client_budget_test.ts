import assert from "node:assert/strict";
import { BUSY_RETRY_SECONDS, createClientBudget } from "./client_budget.ts";

const open = () => false;

Deno.test("a client runs inFlight requests at once, the next ones wait their turn, beyond that refused", async () => {
  const budget = createClientBudget({ inFlight: 2, waiting: 1, burst: 100 });
  const a = await budget.enter("a", open);
  const b = await budget.enter("a", open);
  assert.ok(a.ok && b.ok);
  let thirdIn = false;
  const third = budget.enter("a", open).then((entry) => {
    thirdIn = true;
    return entry;
  });
  const fourth = await budget.enter("a", open);
  assert.deepEqual(fourth, { ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS });
  // Another client is not held up by the first one.
  const other = await budget.enter("b", open);
  assert.ok(other.ok);
  assert.deepEqual(budget.stats(), { clients: 2, inFlight: 3, waiting: 1 });
  await Promise.resolve();
  assert.equal(thirdIn, false);
  a.release();
  a.release(); // twice is once
  const entry = await third;
  assert.ok(entry.ok);
  assert.deepEqual(budget.stats(), { clients: 2, inFlight: 3, waiting: 0 });
  b.release();
  entry.release();
  other.release();
  assert.deepEqual(budget.stats(), { clients: 0, inFlight: 0, waiting: 0 });
});

Deno.test("the token bucket refuses a client past its burst until tokens come back", async () => {
  let now = 0;
  const budget = createClientBudget({ inFlight: 10, burst: 3, ratePerSecond: 0.5, now: () => now });
  for (let i = 0; i < 3; i++) {
    const entry = await budget.enter("a", open);
    assert.ok(entry.ok);
    entry.release();
  }
  assert.deepEqual(await budget.enter("a", open), { ok: false, reason: "rate", retryAfterSeconds: 2 });
  assert.ok((await budget.enter("b", open)).ok, "each client has its own bucket");
  now += 2000;
  assert.ok((await budget.enter("a", open)).ok);
});

Deno.test("in the reserve a client with a request under way waits; one with none starts", async () => {
  let reserve = false;
  const reserved = () => reserve;
  const budget = createClientBudget({ inFlight: 4, waiting: 4, burst: 100 });
  const first = await budget.enter("a", reserved);
  assert.ok(first.ok);
  reserve = true;
  let secondIn = false;
  const second = budget.enter("a", reserved).then((entry) => {
    secondIn = true;
    return entry;
  });
  assert.ok((await budget.enter("b", reserved)).ok, "a client with nothing under way gets a place");
  await Promise.resolve();
  assert.equal(secondIn, false);
  first.release();
  const entry = await second;
  assert.ok(entry.ok);
  assert.equal(budget.stats().inFlight, 2);
});

Deno.test("budget options are checked", () => {
  assert.throws(() => createClientBudget({ waiting: -1 }), /waiting -1: expected an integer >= 0/);
  assert.throws(() => createClientBudget({ inFlight: 1.5 }), /inFlight 1.5/);
});
