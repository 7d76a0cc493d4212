import assert from "node:assert/strict";
import { decode } from "fast-png";
import { encodeRgbaPng } from "./png.ts";

Deno.test("encodeRgbaPng writes a PNG that decodes to the same pixels", async () => {
  const width = 33;
  const height = 7;
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) & 255;
  const png = await encodeRgbaPng(pixels, width, height);
  const decoded = decode(png);
  assert.equal(decoded.width, width);
  assert.equal(decoded.height, height);
  assert.equal(decoded.channels, 4);
  assert.deepEqual(new Uint8Array(decoded.data), pixels);
});

Deno.test("encodeRgbaPng refuses a buffer of the wrong size", async () => {
  await assert.rejects(
    encodeRgbaPng(new Uint8Array(10), 2, 2),
    /10 bytes for 2x2/,
  );
});
