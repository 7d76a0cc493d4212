import assert from "node:assert/strict";
import { createSingleFlight } from "./single_flight.ts";

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

Deno.test("single flight shares one run between concurrent callers", async () => {
  const flight = createSingleFlight<number>();
  const gate = deferred<number>();
  let runs = 0;
  const work = () => {
    runs++;
    return gate.promise;
  };
  const a = flight("k", work);
  const b = flight("k", work);
  const other = flight("other", () => Promise.resolve(7));
  gate.resolve(42);
  assert.deepEqual(await Promise.all([a, b, other]), [42, 42, 7]);
  assert.equal(runs, 1);
  // Settled runs are not remembered.
  assert.equal(await flight("k", () => Promise.resolve(43)), 43);
});

Deno.test("single flight shares a failure but does not remember it", async () => {
  const flight = createSingleFlight<string>();
  const gate = deferred<string>();
  let runs = 0;
  const work = () => {
    runs++;
    return gate.promise;
  };
  const a = flight("k", work);
  const b = flight("k", work);
  gate.reject(new Error("gateway down"));
  await assert.rejects(a, /gateway down/);
  await assert.rejects(b, /gateway down/);
  assert.equal(runs, 1);
  assert.equal(await flight("k", () => Promise.resolve("ok")), "ok");
});

Deno.test("single flight turns a synchronous throw into a rejection", async () => {
  const flight = createSingleFlight<string>();
  const p = flight("k", () => {
    throw new Error("sync");
  });
  await assert.rejects(p, /sync/);
  assert.equal(await flight("k", () => Promise.resolve("next")), "next");
});
