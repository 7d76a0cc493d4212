import assert from "node:assert/strict";
import { RenderAbortedError as FromPool } from "./render_pool.ts";
import { RenderAbortedError } from "./render_pool_types.ts";

Deno.test("a stopped job says why, and is the same error class the pool exports", () => {
  const error = new RenderAbortedError("timeout", "not drawn within 10 ms");
  assert.ok(error instanceof Error);
  assert.ok(error instanceof FromPool);
  assert.equal(FromPool, RenderAbortedError);
  assert.equal(error.name, "RenderAbortedError");
  assert.equal(error.reason, "timeout");
  assert.equal(error.message, "not drawn within 10 ms");
  for (const reason of ["memory", "crashed"] as const) {
    assert.equal(new RenderAbortedError(reason, "x").reason, reason);
  }
});
