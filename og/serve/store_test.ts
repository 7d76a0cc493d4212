import assert from "node:assert/strict";
import { createCardStore } from "./store.ts";
import { DEFAULT_EMOJI_SET } from "../assets/emoji.ts";
import { MemoryImageCache } from "../test_helpers.ts";
import type { ImageTarget } from "../../lib/preview_images.ts";

const token = (n: number): ImageTarget => ({
  kind: "token",
  chainName: "ethereum",
  address: "0x" + n.toString(16).padStart(40, "0"),
});

Deno.test("writtenSince: only a card this store wrote after the mark", async () => {
  const cache = new MemoryImageCache();
  const store = createCardStore(cache);
  const png = new Uint8Array([1, 2, 3]);
  const before = store.mark();
  assert.equal(store.writtenSince(token(1), DEFAULT_EMOJI_SET, before), false);
  store.write(token(1), DEFAULT_EMOJI_SET, png);
  assert.equal(store.writtenSince(token(1), DEFAULT_EMOJI_SET, before), true);
  assert.equal(store.writtenSince(token(2), DEFAULT_EMOJI_SET, before), false, "another card");
  assert.equal(store.writtenSince(token(1), "noto", before), false, "another emoji set");
  const after = store.mark();
  assert.equal(store.writtenSince(token(1), DEFAULT_EMOJI_SET, after), false, "written before the mark");
  store.write(token(1), DEFAULT_EMOJI_SET, png);
  assert.equal(store.writtenSince(token(1), DEFAULT_EMOJI_SET, after), true, "written again");
  await store.settled();
  assert.equal(cache.writes, 2);
});

Deno.test("writtenSince: a mark older than the ledger remembers answers yes", async () => {
  const store = createCardStore(new MemoryImageCache());
  const png = new Uint8Array([1]);
  const old = store.mark();
  store.write(token(0), DEFAULT_EMOJI_SET, png);
  for (let n = 1; n <= 4096; n++) store.write(token(n), DEFAULT_EMOJI_SET, png);
  // token(0) left the ledger: for a mark before it, any card may have been written.
  assert.equal(store.writtenSince(token(0), DEFAULT_EMOJI_SET, old), true);
  assert.equal(store.writtenSince(token(99_999), DEFAULT_EMOJI_SET, old), true);
  const recent = store.mark();
  assert.equal(store.writtenSince(token(99_999), DEFAULT_EMOJI_SET, recent), false);
  await store.settled();
});

Deno.test("without a cache nothing is written, so nothing is read again", () => {
  const store = createCardStore(null);
  const mark = store.mark();
  store.write(token(1), DEFAULT_EMOJI_SET, new Uint8Array([1]));
  assert.equal(store.writtenSince(token(1), DEFAULT_EMOJI_SET, mark), false);
});
