import assert from "node:assert/strict";
import { memoizeUntilFailure } from "./memoize.ts";

Deno.test("a success is kept: one load, every caller gets the same promise", async () => {
  let calls = 0;
  const gate = Promise.withResolvers<string>();
  const load = memoizeUntilFailure(() => {
    calls++;
    return gate.promise;
  });
  const first = load();
  const second = load();
  assert.equal(first, second);
  gate.resolve("value");
  assert.equal(await first, "value");
  assert.equal(await load(), "value");
  assert.equal(calls, 1);
});

Deno.test("a failure is shared by the callers that waited on it, then dropped: the next call loads again", async () => {
  let calls = 0;
  const gates = [Promise.withResolvers<number>(), Promise.withResolvers<number>()];
  const load = memoizeUntilFailure(() => gates[calls++].promise);
  const [a, b] = [load(), load()];
  gates[0].reject(new Error("disk"));
  await assert.rejects(a, /disk/);
  await assert.rejects(b, /disk/);
  const retried = load();
  gates[1].resolve(7);
  assert.equal(await retried, 7);
  assert.equal(await load(), 7);
  assert.equal(calls, 2);
});

Deno.test("a load that throws synchronously is a rejected promise, not a throw, and is retried", async () => {
  let fail = true;
  const load = memoizeUntilFailure((): Promise<string> => {
    if (fail) throw new Error("sync");
    return Promise.resolve("ok");
  });
  await assert.rejects(load(), /sync/);
  fail = false;
  assert.equal(await load(), "ok");
});

Deno.test("keys are independent, and the cache the caller passes holds what is kept", async () => {
  const cache = new Map<string, Promise<string>>();
  const calls: string[] = [];
  const load = memoizeUntilFailure((key: string) => {
    calls.push(key);
    return key === "bad" ? Promise.reject(new Error(key)) : Promise.resolve(key.toUpperCase());
  }, { cache });
  assert.equal(await load("a"), "A");
  assert.equal(await load("b"), "B");
  await assert.rejects(load("bad"), /bad/);
  assert.equal(await load("a"), "A");
  assert.deepEqual(calls, ["a", "b", "bad"]);
  assert.deepEqual([...cache.keys()].sort(), ["a", "b"]);
});
