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

/** RGBA of a decoded PNG of 3 or 4 channels. */
function rgbaOf(image: ReturnType<typeof decode>): Uint8Array {
  if (image.channels === 4) return new Uint8Array(image.data);
  const out = new Uint8Array(image.width * image.height * 4);
  for (let i = 0, o = 0; o < out.length; i += 3, o += 4) {
    out.set([image.data[i], image.data[i + 1], image.data[i + 2], 255], o);
  }
  return out;
}

Deno.test("encodeRgbaPng writes opaque pixels as RGB, whatever their count and offset", () => {
  for (const [width, height, offset] of [[33, 7, 0], [4, 2, 0], [1, 1, 0], [5, 3, 4], [6, 2, 1]]) {
    const backing = new Uint8Array(offset + width * height * 4);
    const pixels = backing.subarray(offset);
    for (let i = 0; i < pixels.length; i++) pixels[i] = i % 4 === 3 ? 255 : (i * 37) & 255;
    const png = encodeRgbaPng(pixels, width, height);
    const decoded = decode(png);
    assert.equal(png[25], 2, `${width}x${height}+${offset}: colour type`);
    assert.equal(decoded.channels, 3);
    assert.deepEqual(rgbaOf(decoded), pixels, `${width}x${height}+${offset}`);
    // one pixel not opaque, first or last: RGBA
    for (const at of [3, pixels.length - 1]) {
      const seen = pixels.slice();
      seen[at] = 254;
      const again = decode(encodeRgbaPng(seen, width, height));
      assert.equal(again.channels, 4, `${width}x${height}+${offset}, alpha at ${at}`);
      assert.deepEqual(new Uint8Array(again.data), seen);
    }
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
    assert.deepEqual(rgbaOf(decode(png)), rgbaOf(image));
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
