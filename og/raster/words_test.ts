import assert from "node:assert/strict";
import { LITTLE_ENDIAN, wordAligned } from "./words.ts";

Deno.test("wordAligned: every buffer 4-byte aligned on a little-endian machine", () => {
  const backing = new Uint8Array(16);
  assert.equal(wordAligned(backing, backing.subarray(4)), LITTLE_ENDIAN);
  assert.equal(wordAligned(backing, backing.subarray(1)), false);
  assert.equal(wordAligned(backing.subarray(6)), false);
  // R of an RGBA pixel is the low byte of its word
  assert.equal(new Uint32Array(new Uint8Array([1, 0, 0, 0]).buffer)[0] === 1, LITTLE_ENDIAN);
});
