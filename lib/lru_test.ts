import assert from "node:assert/strict";
import { Lru } from "./lru.ts";

Deno.test("Lru returns what was stored and tracks bytes", () => {
  const lru = new Lru<string>({ maxBytes: 100 });
  assert.equal(lru.set("a", "A", 10), true);
  assert.equal(lru.set("b", "B", 20), true);
  assert.equal(lru.get("a"), "A");
  assert.equal(lru.get("b"), "B");
  assert.equal(lru.get("c"), undefined);
  assert.equal(lru.bytes, 30);
  assert.equal(lru.size, 2);
  lru.set("a", "A2", 5);
  assert.equal(lru.get("a"), "A2");
  assert.equal(lru.bytes, 25);
  assert.equal(lru.delete("a"), true);
  assert.equal(lru.delete("a"), false);
  assert.equal(lru.bytes, 20);
  lru.clear();
  assert.equal(lru.size, 0);
  assert.equal(lru.bytes, 0);
});

Deno.test("Lru evicts the least recently used entries beyond maxBytes", () => {
  const lru = new Lru<number>({ maxBytes: 100 });
  lru.set("a", 1, 40);
  lru.set("b", 2, 40);
  lru.get("a"); // a is now more recent than b
  lru.set("c", 3, 40); // 120 bytes: b goes
  assert.deepEqual([...lru.keys()], ["a", "c"]);
  assert.equal(lru.bytes, 80);
  lru.set("d", 4, 100); // needs the whole budget
  assert.deepEqual([...lru.keys()], ["d"]);
  assert.equal(lru.bytes, 100);
});

Deno.test("Lru does not keep a value larger than maxBytes", () => {
  const lru = new Lru<number>({ maxBytes: 50 });
  lru.set("a", 1, 10);
  assert.equal(lru.set("big", 2, 51), false);
  assert.equal(lru.has("big"), false);
  assert.equal(lru.get("a"), 1);
  // Replacing an entry with an oversized value drops the old one too.
  assert.equal(lru.set("a", 3, 60), false);
  assert.equal(lru.has("a"), false);
  assert.equal(lru.bytes, 0);
});

Deno.test("Lru evicts beyond maxEntries", () => {
  const lru = new Lru<number>({ maxBytes: 1_000, maxEntries: 2 });
  lru.set("a", 1, 1);
  lru.set("b", 2, 1);
  lru.set("c", 3, 1);
  assert.deepEqual([...lru.keys()], ["b", "c"]);
  assert.equal(lru.bytes, 2);
});

Deno.test("Lru rejects negative bounds and sizes", () => {
  assert.throws(() => new Lru({ maxBytes: -1 }), RangeError);
  const lru = new Lru({ maxBytes: 10 });
  assert.throws(() => lru.set("a", 1, -5), RangeError);
  assert.throws(() => lru.set("a", 1, NaN), RangeError);
});

Deno.test("Lru keeps its bounds through many sets and gets", () => {
  const lru = new Lru<number>({ maxBytes: 50_000, maxEntries: 50_000 });
  for (let i = 0; i < 200_000; i++) {
    lru.set(`k${i}`, i, 1);
    lru.get(`k${i >> 1}`);
  }
  assert.equal(lru.size, 50_000);
  assert.equal(lru.bytes, 50_000);
  assert.equal(lru.get("k199999"), 199_999);
  assert.equal(lru.get("k0"), undefined);
});
