import assert from "node:assert/strict";
import { IMAGE_CACHE_CONTROL, toResponse } from "./image_answer.ts";

Deno.test("a PNG answer hands out the very bytes it was given (no copy), with its length", async () => {
  const png = new Uint8Array(70_000).map((_, i) => i & 255);
  const response = toResponse({ status: 200, body: png }, false);
  assert.equal(response.headers.get("content-length"), "70000");
  assert.equal(response.headers.get("cache-control"), IMAGE_CACHE_CONTROL);
  const reader = response.body!.getReader();
  const { value } = await reader.read();
  // the chunk is a view of the same memory: a copy would have its own buffer
  assert.equal(value!.buffer, png.buffer);
  assert.equal(value!.byteLength, 70_000);
  assert.equal((await reader.read()).done, true);
  // the bytes stay usable for the next answer (not transferred away)
  assert.equal(png.byteLength, 70_000);
  const again = new Uint8Array(await toResponse({ status: 200, body: png }, false).arrayBuffer());
  assert.deepEqual(again, png);
});

Deno.test("HEAD: the same headers without a body; a degraded card is no-store", () => {
  const png = new Uint8Array(10);
  const head = toResponse({ status: 200, body: png, degraded: true }, true);
  assert.equal(head.body, null);
  assert.equal(head.headers.get("content-length"), "10");
  assert.equal(head.headers.get("cache-control"), "no-store");
});
