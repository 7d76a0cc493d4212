/**
 * The size cap of the share images kept in KV (`IMAGE_CACHE_MAX_BYTES`):
 * without it every distinct token a crawler asks for adds a card for 7 days
 * (2,000 tokens: +105 MB).
 *
 * Every image the byte store (`byte_store.ts`) writes to KV gets an index
 * entry `["image_index", version]` → `{ key, bytes, storedAt }`, and its size
 * is added to a shared total `["image_index_bytes"]` (a `Deno.KvU64`), in the
 * same atomic operation as the image; replacing an image removes the
 * previous version's entry and size in that operation too. After a write
 * that leaves the total over the cap, the oldest images (by `storedAt`) are
 * evicted until the total is under 90% of it, ten to an atomic operation
 * checked against each image's meta and index entry (so two instances
 * evicting at once, or a write racing an eviction, never delete a newer
 * image or count one twice). The write that finds the total over the cap
 * waits for the pass; writes landing during it do not (the pass runs again
 * while the total is still over). Only KV APIs are used: it works on the managed
 * KV of Deno Deploy as on a SQLite file shared by several processes.
 *
 * The total can drift above the truth when KV expires images on its own
 * (their index entries expire with them, the total does not): each eviction
 * pass recounts the index and sets the total to what it finds, unless a
 * write changed the total meanwhile. The size is logged once at start and on
 * every eviction pass.
 *
 * @module
 */
import { logger } from "../log.ts";
import type { ImageCacheKey } from "./cache_keys.ts";
import type { KvStore } from "./kv_store.ts";

/** Default cap of the images kept in KV: 256 MiB. */
export const DEFAULT_IMAGE_CACHE_MAX_BYTES = 256 * 1024 * 1024;

/** An eviction pass brings the total down to this share of the cap, so that passes are rare. */
export const EVICTION_LOW_WATER = 0.9;

/** Images removed in one atomic operation (each up to 15 mutations and 2 checks). */
export const EVICTION_BATCH = 10;

/** Prefix of the index entries, one per stored image version. */
export const IMAGE_INDEX_PREFIX = "image_index";

/** Key of the shared total of the indexed images' bytes. */
export const IMAGE_TOTAL_KEY: Deno.KvKey = ["image_index_bytes"];

const TWO_64 = 1n << 64n;

/** An index entry's value. */
export interface ImageIndexEntry {
  /** The image's meta key. */
  readonly key: ImageCacheKey;
  /** Bytes of the image. */
  readonly bytes: number;
  /** When it was stored (epoch ms). */
  readonly storedAt: number;
}

/** What the budget needs of a stored image's meta entry. */
export interface IndexedMeta {
  readonly version: string;
  readonly byteLength: number;
}

/** The size of the images in KV, from the index. */
export interface ImageCacheSize {
  readonly images: number;
  readonly bytes: number;
}

/** The outcome of an eviction pass. */
export interface EvictionResult extends ImageCacheSize {
  /** Images removed by this pass. */
  readonly evicted: number;
  /** Their bytes. */
  readonly evictedBytes: number;
}

/** The cap of the images in KV, used by the byte store. */
export interface ImageBudget {
  /** The cap in bytes. */
  readonly maxBytes: number;
  /**
   * Adds to the atomic write `op` of image `key` (version `meta`) its index
   * entry and size, and the removal of `previous`'s (the version it replaces).
   */
  record(op: Deno.AtomicOperation, key: ImageCacheKey, meta: IndexedMeta, previous: IndexedMeta | null): void;
  /**
   * Adds to the atomic removal `op` of an image version the removal of its
   * index entry and size (nothing when it has none: written before the index).
   */
  forget(db: Deno.Kv, op: Deno.AtomicOperation, meta: IndexedMeta): Promise<void>;
  /** After a committed write: evicts the oldest images when the total is over the cap. */
  afterWrite(): Promise<void>;
  /** Counts the index (and corrects the shared total). */
  measure(): Promise<ImageCacheSize>;
  /** Runs an eviction pass now (one at a time per process). */
  evict(): Promise<EvictionResult>;
}

/** Options of {@linkcode createImageBudget}. */
export interface ImageBudgetOptions {
  /** The cap in bytes (`IMAGE_CACHE_MAX_BYTES`). */
  readonly maxBytes: number;
  /** The chunk keys of an image version, deleted with it. */
  readonly chunkKeys: (meta: IndexedMeta) => Deno.KvKey[];
  /** Whether a meta entry's value is a valid image meta. */
  readonly isMeta: (value: unknown) => value is IndexedMeta;
}

function indexKey(version: string): Deno.KvKey {
  return [IMAGE_INDEX_PREFIX, version];
}

function isIndexEntry(value: unknown): value is ImageIndexEntry {
  if (typeof value !== "object" || value === null) return false;
  const { key, bytes, storedAt } = value as Record<string, unknown>;
  return Array.isArray(key) && key.length > 0 && key.every((part) => typeof part === "string") &&
    Number.isInteger(bytes) && (bytes as number) >= 0 && typeof storedAt === "number" && Number.isFinite(storedAt);
}

/** `-n` for `Deno.AtomicOperation.sum`, which wraps around 2^64. */
function minus(n: number): bigint {
  return (TWO_64 - BigInt(n)) % TWO_64;
}

/** The total as a number, or `null` when missing or wrapped below zero. */
function totalOf(value: unknown): number | null {
  if (!(value instanceof Deno.KvU64)) return null;
  return value.value >= 1n << 63n ? null : Number(value.value);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/** Lists the index: live entries and the total of their bytes. */
async function readIndex(db: Deno.Kv) {
  const entries: Deno.KvEntry<ImageIndexEntry>[] = [];
  const invalid: Deno.KvEntry<unknown>[] = [];
  let bytes = 0;
  for await (const entry of db.list({ prefix: [IMAGE_INDEX_PREFIX] }, { batchSize: 500 })) {
    if (isIndexEntry(entry.value)) {
      entries.push(entry as Deno.KvEntry<ImageIndexEntry>);
      bytes += entry.value.bytes;
    } else {
      invalid.push(entry);
    }
  }
  return { entries, invalid, bytes };
}

/** Counts the index and sets the total to it, unless a write moved the total meanwhile. */
async function recount(db: Deno.Kv) {
  const total = await db.get(IMAGE_TOTAL_KEY);
  const index = await readIndex(db);
  if (totalOf(total.value) !== index.bytes) {
    await db.atomic().check(total).set(IMAGE_TOTAL_KEY, new Deno.KvU64(BigInt(index.bytes))).commit();
  }
  return index;
}

/**
 * Creates the budget over the shared KV state. `shared.store()` null makes
 * every operation a no-op.
 */
export function createImageBudget(shared: KvStore, options: ImageBudgetOptions): ImageBudget {
  const { maxBytes, chunkKeys, isMeta } = options;
  if (!(Number.isInteger(maxBytes) && maxBytes > 0)) {
    throw new RangeError(`Cannot cap the image cache at ${maxBytes} bytes: expected a positive whole number`);
  }
  const { now, ttlMs, retryLocked, warnOnce, lru, lruKey } = shared;
  let running: Promise<EvictionResult> | null = null;

  /**
   * Removes indexed images (meta, chunks, index entry, size) in one atomic
   * operation, each unless it changed meanwhile; the ones removed. A batch
   * that meets a change falls back to one operation an image.
   */
  async function evictBatch(
    db: Deno.Kv,
    batch: Deno.KvEntry<ImageIndexEntry>[],
  ): Promise<Deno.KvEntry<ImageIndexEntry>[]> {
    const metas = await db.getMany(batch.map((entry) => entry.value.key));
    const op = db.atomic();
    let bytes = 0;
    for (const [i, entry] of batch.entries()) {
      const meta = metas[i];
      op.check(entry).delete(entry.key);
      bytes += entry.value.bytes;
      // Otherwise the image is gone (expired, removed) or replaced: the entry alone is stale.
      if (isMeta(meta.value) && meta.value.version === entry.key[1]) {
        op.check(meta).delete(meta.key);
        for (const chunk of chunkKeys(meta.value)) op.delete(chunk);
      }
    }
    op.sum(IMAGE_TOTAL_KEY, minus(bytes));
    if ((await op.commit()).ok) {
      for (const entry of batch) lru.delete(lruKey(entry.value.key));
      return batch;
    }
    if (batch.length === 1) return [];
    const removed: Deno.KvEntry<ImageIndexEntry>[] = [];
    for (const entry of batch) removed.push(...await evictBatch(db, [entry]));
    return removed;
  }

  /** One pass: recounts the index, then evicts the oldest down to the low-water mark when over the cap. */
  async function evictPass(db: Deno.Kv): Promise<EvictionResult> {
    const index = await retryLocked(() => recount(db));
    for (const stale of index.invalid) await retryLocked(() => db.atomic().check(stale).delete(stale.key).commit());
    let bytes = index.bytes;
    let images = index.entries.length;
    let evicted = 0;
    let evictedBytes = 0;
    if (bytes > maxBytes) {
      const target = Math.floor(maxBytes * EVICTION_LOW_WATER);
      const oldestFirst = index.entries.sort((a, b) => a.value.storedAt - b.value.storedAt);
      const chosen: Deno.KvEntry<ImageIndexEntry>[] = [];
      let projected = bytes;
      for (const entry of oldestFirst) {
        if (projected <= target) break;
        chosen.push(entry);
        projected -= entry.value.bytes;
      }
      for (let i = 0; i < chosen.length; i += EVICTION_BATCH) {
        const batch = chosen.slice(i, i + EVICTION_BATCH);
        for (const entry of await retryLocked(() => evictBatch(db, batch))) {
          bytes -= entry.value.bytes;
          images--;
          evicted++;
          evictedBytes += entry.value.bytes;
        }
      }
      logger.info(
        `kv_cache: image cache over its cap: evicted the ${evicted} oldest images (${megabytes(evictedBytes)}); ` +
          `now ${images} images, ${megabytes(bytes)} of at most ${megabytes(maxBytes)}`,
        { images, bytes, maxBytes, evicted, evictedBytes },
      );
    }
    return { images, bytes, evicted, evictedBytes };
  }

  /** Passes until the total is under the cap (writes may land during a pass), at most three. */
  async function evictNow(db: Deno.Kv): Promise<EvictionResult> {
    let result = await evictPass(db);
    for (let pass = 1; pass < 3; pass++) {
      const total = totalOf((await retryLocked(() => db.get(IMAGE_TOTAL_KEY))).value);
      if (total !== null && total <= maxBytes) break;
      const next = await evictPass(db);
      result = {
        ...next,
        evicted: result.evicted + next.evicted,
        evictedBytes: result.evictedBytes + next.evictedBytes,
      };
      if (next.evicted === 0) break;
    }
    return result;
  }

  function evict(): Promise<EvictionResult> {
    const db = shared.store();
    if (db === null) return Promise.resolve({ images: 0, bytes: 0, evicted: 0, evictedBytes: 0 });
    running ??= evictNow(db).finally(() => {
      running = null;
    });
    return running;
  }

  return {
    maxBytes,
    record(op, key, meta, previous) {
      const entry: ImageIndexEntry = { key, bytes: meta.byteLength, storedAt: now() };
      op.set(indexKey(meta.version), entry, { expireIn: ttlMs }).sum(
        IMAGE_TOTAL_KEY,
        BigInt(meta.byteLength),
      );
      if (previous) op.delete(indexKey(previous.version)).sum(IMAGE_TOTAL_KEY, minus(previous.byteLength));
    },
    async forget(db, op, meta) {
      const entry = await db.get(indexKey(meta.version));
      if (entry.versionstamp === null || !isIndexEntry(entry.value)) return;
      op.check(entry).delete(entry.key).sum(IMAGE_TOTAL_KEY, minus(entry.value.bytes));
    },
    async afterWrite() {
      const db = shared.store();
      // A pass already running covers this write too (it passes again while over): do not wait for it.
      if (db === null || running) return;
      try {
        const total = totalOf((await retryLocked(() => db.get(IMAGE_TOTAL_KEY))).value);
        if (total === null || total > maxBytes) await evict();
      } catch (error) {
        warnOnce("eviction", "Deno KV eviction failed; the image cache may be over its cap", error);
      }
    },
    async measure() {
      const db = shared.store();
      if (db === null) return { images: 0, bytes: 0 };
      const index = await retryLocked(() => recount(db));
      return { images: index.entries.length, bytes: index.bytes };
    },
    evict,
  };
}
