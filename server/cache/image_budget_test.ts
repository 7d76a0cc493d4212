/**
 * The size cap of the images in KV (`image_budget.ts`) through the real
 * cache over real KV stores (in memory and a SQLite file shared by two
 * caches, as two instances would): the total stays under the cap, the oldest
 * go first, no chunk or index entry is left behind, overwrites count once,
 * and the size is logged at start and on eviction.
 */
import assert from "node:assert/strict";
import { join } from "node:path";
import { flushLog, setLogSink } from "../log.ts";
import { CHUNK_BYTES } from "./byte_store.ts";
import { createCache } from "./kv_cache.ts";
import { EVICTION_LOW_WATER, IMAGE_INDEX_PREFIX, IMAGE_TOTAL_KEY } from "./image_budget.ts";

const IMAGE_BYTES = 20_000;
const CAP = 10 * IMAGE_BYTES + 5_000;

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 65536) crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, length)));
  return bytes;
}

function token(i: number): string {
  return `0x${i.toString(16).padStart(40, "0")}`;
}

/** A clock that moves 1 s a call, so every image has its own `storedAt`. */
function steppingClock(): () => number {
  let t = Date.now();
  return () => (t += 1000);
}

/** What KV really holds: image meta entries, their bytes, chunks, index entries and the shared total. */
async function inventory(kv: Deno.Kv) {
  let metas = 0;
  let bytes = 0;
  let chunks = 0;
  let indexed = 0;
  let indexedBytes = 0;
  for await (const entry of kv.list<Record<string, unknown>>({ prefix: [] })) {
    const kind = entry.key[0];
    if (kind === "image_chunk") chunks++;
    else if (kind === IMAGE_INDEX_PREFIX) {
      indexed++;
      indexedBytes += entry.value.bytes as number;
    } else if (typeof kind === "string" && kind.endsWith("_image")) {
      metas++;
      bytes += entry.value.byteLength as number;
    }
  }
  const total = (await kv.get<Deno.KvU64>(IMAGE_TOTAL_KEY)).value;
  return { metas, bytes, chunks, indexed, indexedBytes, total: total === null ? null : Number(total.value) };
}

async function withLog<T>(fn: (lines: { level: string; msg: string }[]) => Promise<T>): Promise<T> {
  const lines: { level: string; msg: string }[] = [];
  const record = (data: Uint8Array) => {
    for (const line of new TextDecoder().decode(data).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
  };
  await flushLog();
  const previous = setLogSink({ write: (data) => Promise.resolve(record(data)), writeSync: record });
  try {
    return await fn(lines);
  } finally {
    await flushLog();
    setLogSink(previous);
  }
}

Deno.test("past the cap the oldest images are evicted; the total stays under it and matches KV", async () => {
  await withLog(async (log) => {
    const kv = await Deno.openKv(":memory:");
    try {
      const cache = createCache(kv, { maxImageBytes: CAP, lruBytes: 0, now: steppingClock() });
      // The size is logged once at start, before any write here.
      const started = /^kv_cache: image cache holds 0 images, 0\.0 MB of at most 0\.2 MB$/;
      for (let i = 0; i < 100 && !log.some((line) => started.test(line.msg)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 10));
        await flushLog();
      }
      assert.ok(log.some((line) => started.test(line.msg)), "the size was not logged at start");
      const images = Array.from({ length: 40 }, () => randomBytes(IMAGE_BYTES));
      for (const [i, png] of images.entries()) {
        await cache.setImage("token", "ethereum", token(i), png);
        const { bytes } = await inventory(kv);
        assert.ok(bytes <= CAP, `after image ${i}: ${bytes} bytes in KV, cap ${CAP}`);
      }
      const held = await inventory(kv);
      assert.equal(held.metas, held.indexed, "one index entry per image");
      assert.equal(held.chunks, held.metas, "no chunk left behind (one chunk an image)");
      assert.equal(held.total, held.bytes, "the shared total is the bytes held");
      assert.equal(held.indexedBytes, held.bytes);
      assert.ok(held.metas >= Math.floor((CAP * EVICTION_LOW_WATER) / IMAGE_BYTES) - 1, `${held.metas} images kept`);
      // The newest are there, byte for byte; the oldest are gone.
      const kept = held.metas;
      for (let i = 40 - kept; i < 40; i++) {
        assert.deepEqual(await cache.getImage("token", "ethereum", token(i)), images[i], `image ${i}`);
      }
      for (let i = 0; i < 40 - kept; i++) {
        assert.equal(await cache.getImage("token", "ethereum", token(i)), null, `image ${i} should be evicted`);
      }
      await flushLog();
      const messages = log.map((line) => line.msg);
      const evictions = messages.filter((m) => /^kv_cache: image cache over its cap: evicted the \d+ oldest/.test(m));
      assert.ok(evictions.length >= 3, `eviction passes logged: ${evictions.length}`);
      assert.deepEqual(log.filter((line) => line.level === "warn"), []);
    } finally {
      kv.close();
    }
  });
});

Deno.test("an overwrite counts once, a removal uncounts; a multi-chunk image goes whole", async () => {
  await withLog(async () => {
    const kv = await Deno.openKv(":memory:");
    try {
      const cache = createCache(kv, { maxImageBytes: 4 * CHUNK_BYTES, lruBytes: 0, now: steppingClock() });
      for (let i = 0; i < 5; i++) await cache.setImage("pool", "base", token(1), randomBytes(10_000 + i));
      let held = await inventory(kv);
      assert.deepEqual([held.metas, held.indexed, held.total], [1, 1, 10_004]);
      // A removed image (the purge) takes its index entry and size with it.
      await cache.setImage("pool", "base", token(9), randomBytes(5_000));
      assert.equal(await cache.deleteImages("pool", "base", token(9)), 1);
      held = await inventory(kv);
      assert.deepEqual([held.metas, held.indexed, held.total], [1, 1, 10_004]);
      const big = randomBytes(2 * CHUNK_BYTES + 7);
      await cache.setImage("pool", "base", token(2), big);
      await cache.setImage("pool", "base", token(3), randomBytes(2 * CHUNK_BYTES));
      held = await inventory(kv);
      // 10,004 + 2 x 129 KB is over 4 chunks: the two oldest went, the multi-chunk one with its 3 chunks.
      assert.ok(held.bytes <= 4 * CHUNK_BYTES);
      assert.equal(await cache.getImage("pool", "base", token(2)), null);
      assert.equal(held.chunks, 2);
      assert.equal(held.total, held.bytes);
    } finally {
      kv.close();
    }
  });
});

Deno.test("two instances on one KV file share the cap, and a wrong total is recounted", async () => {
  const dir = await Deno.makeTempDir({ prefix: "image-budget-" });
  const path = join(dir, "kv.sqlite3");
  await withLog(async () => {
    const kvs = [await Deno.openKv(path), await Deno.openKv(path)];
    try {
      const caches = kvs.map((kv) => createCache(kv, { maxImageBytes: CAP, lruBytes: 0 }));
      await Promise.all(caches.map(async (cache, c) => {
        for (let i = 0; i < 25; i++) {
          await cache.setImage("token", "ethereum", token(c * 100 + i), randomBytes(IMAGE_BYTES));
        }
      }));
      // A last write settles both instances' passes.
      await caches[0].setImage("token", "ethereum", token(999), randomBytes(IMAGE_BYTES));
      let held = await inventory(kvs[0]);
      assert.ok(held.bytes <= CAP, `${held.bytes} bytes held, cap ${CAP}`);
      assert.equal(held.metas, held.indexed);
      assert.equal(held.chunks, held.metas);
      assert.equal(held.total, held.bytes);

      // A total that drifted (images KV expired on its own) is set back to the index's count.
      await kvs[1].set(IMAGE_TOTAL_KEY, new Deno.KvU64(123_456_789n));
      const third = createCache(kvs[1], { maxImageBytes: CAP, lruBytes: 0 });
      await third.setImage("token", "ethereum", token(1000), randomBytes(IMAGE_BYTES));
      held = await inventory(kvs[1]);
      assert.equal(held.total, held.bytes);
      assert.ok(held.bytes <= CAP);
    } finally {
      for (const kv of kvs) kv.close();
    }
  });
  await Deno.remove(dir, { recursive: true });
});

Deno.test("a cap that is not a positive whole number is refused", () => {
  assert.throws(() => createCache(null, { maxImageBytes: 0 }), /Cannot cap the image cache at 0 bytes/);
  assert.throws(() => createCache(null, { maxImageBytes: 1.5 }), /expected a positive whole number/);
});
