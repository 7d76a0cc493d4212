import assert from "node:assert/strict";
import { decode as decodePng } from "fast-png";
import jpeg from "jpeg-js";
import { hueColor, jpegLogo, pngLogo, webpSolid } from "./image_encoders.ts";

Deno.test("pngLogo draws a disc on transparency", () => {
  const image = decodePng(pngLogo(32, [10, 20, 30]).bytes);
  assert.deepEqual([image.width, image.height, image.channels], [32, 32, 4]);
  const at = (x: number, y: number) => Array.from(image.data.slice((y * 32 + x) * 4, (y * 32 + x) * 4 + 4));
  assert.deepEqual(at(16, 16), [10, 20, 30, 255]);
  assert.equal(at(0, 0)[3], 0);
});

Deno.test("jpegLogo is a decodable JPEG of the colour", () => {
  const file = jpegLogo(16, [0, 0, 255]);
  assert.equal(file.contentType, "image/jpeg");
  const image = jpeg.decode(file.bytes, { useTArray: true });
  assert.equal(image.width, 16);
  assert.ok(image.data[2] > 245 && image.data[0] < 10);
});

Deno.test("webpSolid writes a RIFF/VP8L header with the size", () => {
  const { bytes } = webpSolid(40, 20, [1, 2, 3]);
  const ascii = (from: number, to: number) => String.fromCharCode(...bytes.slice(from, to));
  assert.equal(ascii(0, 4), "RIFF");
  assert.equal(ascii(8, 16), "WEBPVP8L");
  const view = new DataView(bytes.buffer);
  assert.equal(view.getUint32(4, true), bytes.length - 8);
  assert.equal(bytes.length % 2, 0);
  const bits = view.getUint32(21, true);
  assert.equal((bits & 0x3fff) + 1, 40);
  assert.equal(((bits >> 14) & 0x3fff) + 1, 20);
});

Deno.test("hueColor covers the colour wheel", () => {
  assert.deepEqual(hueColor(0, 1, 0.5), [255, 0, 0]);
  assert.deepEqual(hueColor(120, 1, 0.5), [0, 255, 0]);
  assert.deepEqual(hueColor(240, 1, 0.5), [0, 0, 255]);
});
