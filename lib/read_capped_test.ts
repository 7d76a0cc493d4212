import assert from "node:assert/strict";
import { readBytesCapped, readTextCapped } from "./read_capped.ts";

/** A body of `chunks`, recording whether the reader cancelled it. */
function body(chunks: Uint8Array[]): { stream: ReadableStream<Uint8Array>; cancelled: () => boolean } {
  let cancelled = false;
  let i = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (i < chunks.length) controller.enqueue(chunks[i++]);
      else controller.close();
    },
    cancel() {
      cancelled = true;
    },
  });
  return { stream, cancelled: () => cancelled };
}

Deno.test("readBytesCapped: every byte up to the cap, in order; over it null and the stream cancelled", async () => {
  const ok = body([new Uint8Array([1, 2]), new Uint8Array([3, 4])]);
  assert.deepEqual(await readBytesCapped(ok.stream, 4), new Uint8Array([1, 2, 3, 4]));
  const over = body([new Uint8Array([1, 2, 3]), new Uint8Array([4, 5]), new Uint8Array([6])]);
  assert.equal(await readBytesCapped(over.stream, 4), null);
  assert.ok(over.cancelled(), "the rest was cancelled");
  assert.deepEqual(await readBytesCapped(null, 4), new Uint8Array(0));
});

Deno.test("readTextCapped: UTF-8 split across chunks; over the cap null, or left unread with leaveRest", async () => {
  const euro = new TextEncoder().encode("€ 5");
  assert.equal(await readTextCapped(body([euro.subarray(0, 1), euro.subarray(1)]).stream, 5), "€ 5");
  const over = body([new Uint8Array(6)]);
  assert.equal(await readTextCapped(over.stream, 5), null);
  assert.ok(over.cancelled());
  const left = body([new Uint8Array(6)]);
  assert.equal(await readTextCapped(left.stream, 5, { leaveRest: true }), null);
  assert.ok(!left.cancelled(), "leaveRest leaves the stream as it is");
});
