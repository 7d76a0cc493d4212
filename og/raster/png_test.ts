import assert from "node:assert/strict";
import { decode } from "fast-png";
import { crc32, crc32Js, encodeRgbaPng } from "./png.ts";

Deno.test("encodeRgbaPng writes a PNG that decodes to the same pixels", () => {
  const width = 33;
  const height = 7;
  const pixels = new Uint8Array(width * height * 4);
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 37) & 255;
  for (const level of [undefined, 0, 9]) {
    const png = encodeRgbaPng(pixels, width, height, { level });
    const decoded = decode(png);
    assert.equal(decoded.width, width);
    assert.equal(decoded.height, height);
    assert.equal(decoded.channels, 4);
    assert.deepEqual(new Uint8Array(decoded.data), pixels);
  }
});

Deno.test("encodeRgbaPng stays within 1.2x of the golden cards' size", async () => {
  // Bytes of each golden card as the former encoder (level-6 CompressionStream) wrote it.
  const former: Record<string, number> = {
    "token-red-base": 39084,
    "token-long-no-logo": 51196,
    "token-cjk-emoji": 39673,
    "pool-v2-polygon": 99736,
    "pool-v4-dynamic-unk": 40930,
  };
  for (const [name, bytes] of Object.entries(former)) {
    const image = decode(await Deno.readFile(new URL(`../testdata/${name}.png`, import.meta.url)));
    const png = encodeRgbaPng(image.data as Uint8Array, image.width, image.height);
    assert.ok(png.length <= bytes * 1.2, `${name}: ${png.length} bytes vs ${bytes} before`);
    assert.deepEqual(new Uint8Array(decode(png).data), image.data);
  }
});

Deno.test("encodeRgbaPng refuses a buffer of the wrong size", () => {
  assert.throws(() => encodeRgbaPng(new Uint8Array(10), 2, 2), /10 bytes for 2x2/);
});

Deno.test("crc32 (zlib's where the runtime has it) agrees with the JS reference", () => {
  const bytes = new Uint8Array(100_000);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7919) & 255;
  assert.equal(crc32(new TextEncoder().encode("IEND")), 0xae426082);
  assert.equal(crc32(bytes), crc32Js(bytes));
  assert.equal(crc32(bytes, 10, 5000), crc32Js(bytes, 10, 5000));
});
