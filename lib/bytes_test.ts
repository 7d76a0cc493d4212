import assert from "node:assert/strict";
import { concatBytes, sha256, toHex } from "./bytes.ts";

Deno.test("concatBytes joins parts in order; none gives an empty array", () => {
  assert.deepEqual(concatBytes([]), new Uint8Array(0));
  assert.deepEqual(
    concatBytes([new Uint8Array([1, 2]), new Uint8Array(0), new Uint8Array([3])]),
    new Uint8Array([1, 2, 3]),
  );
  const only = new Uint8Array([7]);
  assert.equal(concatBytes([only]), only, "a single part is returned as it is");
});

Deno.test("sha256 digests bytes and UTF-8 strings alike; toHex writes two digits a byte", async () => {
  const abc = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";
  assert.equal(toHex(await sha256("abc")), abc);
  assert.equal(toHex(await sha256(new Uint8Array([0x61, 0x62, 0x63]))), abc);
  assert.equal(toHex(new Uint8Array([0, 9, 255])), "0009ff");
});
