import assert from "node:assert/strict";
import { concatBytes } from "./bytes.ts";

Deno.test("concatBytes joins parts in order; none gives an empty array", () => {
  assert.deepEqual(concatBytes([]), new Uint8Array(0));
  assert.deepEqual(
    concatBytes([new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]),
    new Uint8Array([1, 2, 3]),
  );
  const only = new Uint8Array([7]);
  assert.equal(concatBytes([only]), only, "a single part is returned as it is");
});
