import assert from "node:assert/strict";
import { withGlobalGc } from "../test_helpers.ts";
import {
  collectGarbageSoon,
  createTreeMemory,
  DEFAULT_WORKER_BYTES,
  releaseFreeMemory,
  residentBytes,
  TREE_MARGIN_BYTES,
} from "./tree_memory.ts";

const MIB = 1024 * 1024;

Deno.test("residentBytes reads this process from /proc; null for a process that is not there", () => {
  const own = residentBytes(Deno.pid);
  assert.ok(own !== null && own > 10 * MIB, `${own}`);
  assert.equal(residentBytes(2 ** 30), null);
});

Deno.test("another worker fits only with the tree, one more worker and the margin within budget", () => {
  const sizes = new Map<number, number>([[1, 150 * MIB], [2, 30 * MIB]]);
  const tree = createTreeMemory({ budgetBytes: 512 * MIB, pid: 1, read: (pid) => sizes.get(pid) ?? null });
  // No worker reported yet: a booting worker (30 MiB) counts as the default size (120 MiB).
  assert.equal(tree.mayStart([]), 150 * MIB + DEFAULT_WORKER_BYTES + TREE_MARGIN_BYTES <= 512 * MIB);
  assert.equal(tree.mayStart([2]), true, "150 + 120 + 120 + 32 <= 512");
  assert.equal(tree.bytes([2]), 180 * MIB);
  // A worker read on its first cards (100 MiB) does not lower the expected size below the default.
  tree.noteWorker(100 * MIB);
  assert.equal(tree.mayStart([2]), true);
  // Workers turn out larger: 150 + 190 + 190 + 32 > 512.
  tree.noteWorker(190 * MIB);
  assert.equal(tree.mayStart([2]), false, "150 + 190 + 190 + 32 > 512");
  // This process grew under load, and stays counted at its peak after it shrinks.
  const small = createTreeMemory({ budgetBytes: 512 * MIB, pid: 1, read: (pid) => sizes.get(pid) ?? null });
  sizes.set(1, 240 * MIB);
  small.noteSelf();
  sizes.set(1, 150 * MIB);
  assert.equal(small.mayStart([2]), true, "240 + 120 + 120 + 32 <= 512");
  sizes.set(1, 300 * MIB);
  small.noteSelf();
  assert.equal(small.mayStart([2]), false, "300 + 120 + 120 + 32 > 512");
  // The service's default (480 MiB): a second worker fits beside the service as measured under load (240 MiB) ...
  const service = createTreeMemory({ budgetBytes: 480 * MIB, pid: 1, read: (pid) => sizes.get(pid) ?? null });
  sizes.set(1, 200 * MIB);
  service.noteWorker(110 * MIB);
  assert.equal(service.mayStart([2]), true, "200 + 120 + 120 + 32 <= 480");
  // ... and not once the service itself grew past what the tree can hold beside two.
  sizes.set(1, 320 * MIB);
  service.noteSelf();
  assert.equal(service.mayStart([2]), false, "320 + 120 + 120 + 32 > 480");
  // Without /proc nothing is known: the pool's own cap (workers) holds.
  const blind = createTreeMemory({ budgetBytes: 1, pid: 1, read: () => null });
  assert.equal(blind.mayStart([2, 3]), true);
  assert.equal(blind.bytes([]), null);
});

Deno.test("releaseFreeMemory calls glibc's malloc_trim where glibc and FFI are at hand, else does nothing", () => {
  const released = releaseFreeMemory();
  const available = Deno.build.os === "linux" && Deno.permissions.querySync({ name: "ffi" }).state === "granted";
  // This machine's Deno is built against glibc (Debian): the call must have been made.
  if (available) assert.equal(released, true);
  else assert.equal(released, false);
  // A second call is as good as the first (libc is opened once).
  assert.equal(releaseFreeMemory(), released);
});

Deno.test("collectGarbageSoon asks an exposed gc for an asynchronous major collection, and nothing without one", () => {
  withGlobalGc((setGc) => {
    setGc(undefined);
    assert.equal(collectGarbageSoon(), false);
    const calls: unknown[] = [];
    setGc((options: unknown) => calls.push(options));
    assert.equal(collectGarbageSoon(), true);
    assert.deepEqual(calls, [{ type: "major", execution: "async" }]);
    setGc(() => {
      throw new Error("not now");
    });
    assert.equal(collectGarbageSoon(), false);
  });
});
