import assert from "node:assert/strict";
import { createTreeMemory, DEFAULT_WORKER_BYTES, residentBytes, TREE_MARGIN_BYTES } from "./tree_memory.ts";

const MIB = 1024 * 1024;

Deno.test("residentBytes reads this process from /proc; null for a process that is not there", () => {
  const own = residentBytes(Deno.pid);
  assert.ok(own !== null && own > 10 * MIB, `${own}`);
  assert.equal(residentBytes(2 ** 30), null);
});

Deno.test("another worker fits only with the tree, one more worker and the margin within budget", () => {
  const sizes = new Map<number, number>([[1, 150 * MIB], [2, 30 * MIB]]);
  const tree = createTreeMemory({ budgetBytes: 512 * MIB, pid: 1, read: (pid) => sizes.get(pid) ?? null });
  // No worker reported yet: a booting worker (30 MiB) counts as the default size.
  assert.equal(tree.mayStart([]), 150 * MIB + DEFAULT_WORKER_BYTES + TREE_MARGIN_BYTES <= 512 * MIB);
  assert.equal(tree.mayStart([2]), false, "150 + 200 + 200 + 32 > 512");
  assert.equal(tree.bytes([2]), 180 * MIB);
  // Workers turn out smaller: 150 + 120 + 120 + 32 = 422.
  tree.noteWorker(120 * MIB);
  assert.equal(tree.mayStart([2]), true);
  // This process grew under load, and stays counted at its peak after it shrinks.
  sizes.set(1, 260 * MIB);
  tree.noteSelf();
  sizes.set(1, 150 * MIB);
  assert.equal(tree.mayStart([2]), false, "260 + 120 + 120 + 32 > 512");
  // Without /proc nothing is known: the pool's own cap (workers) holds.
  const blind = createTreeMemory({ budgetBytes: 1, pid: 1, read: () => null });
  assert.equal(blind.mayStart([2, 3]), true);
  assert.equal(blind.bytes([]), null);
});
