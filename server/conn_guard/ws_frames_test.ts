import assert from "node:assert/strict";
import { FrameScanner } from "./ws_frames.ts";

/** A frame of `opcode` with `length` payload bytes, masked or not, with the length encodings of RFC 6455. */
function frame(opcode: number, length: number, masked: boolean): Uint8Array {
  const lengthBytes = length < 126 ? [length] : length < 65536 ? [126, length >> 8, length & 0xff] : [
    127,
    0,
    0,
    0,
    0,
    (length >>> 24) & 0xff,
    (length >> 16) & 0xff,
    (length >> 8) & 0xff,
    length & 0xff,
  ];
  const head = [
    0x80 | opcode,
    (masked ? 0x80 : 0) | lengthBytes[0],
    ...lengthBytes.slice(1),
    ...(masked ? [1, 2, 3, 4] : []),
  ];
  const out = new Uint8Array(head.length + length);
  out.set(head);
  out.fill(0x61, head.length);
  return out;
}

Deno.test("pings, pongs and close are not data; text and binary frames are, across any split", () => {
  const pings = [frame(0x9, 0, true), frame(0xa, 4, false), frame(0x9, 125, true), frame(0x8, 2, true)];
  for (const bytes of pings) assert.equal(new FrameScanner().feed(bytes), false);
  for (const [opcode, length] of [[0x1, 1], [0x2, 300], [0x2, 70_000], [0x0, 2]]) {
    for (const masked of [true, false]) {
      const stream = new Uint8Array([...frame(0x9, 3, masked), ...frame(opcode, length, masked)]);
      // Byte by byte: the header's parts arrive in separate reads.
      const scanner = new FrameScanner();
      let seen = false;
      for (let i = 0; i < stream.length; i++) seen = scanner.feed(stream, i, i + 1) || seen;
      assert.ok(seen, `opcode ${opcode}, ${length} bytes, masked ${masked}`);
    }
  }
  // After a long ping-only stream, a data frame is still found where it starts.
  const scanner = new FrameScanner();
  for (let i = 0; i < 100; i++) assert.equal(scanner.feed(frame(0x9, 10, true)), false);
  assert.equal(scanner.feed(frame(0x1, 5, true)), true);
});
