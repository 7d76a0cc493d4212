/**
 * The byte store of the cache: share images (PNG bytes) kept in KV behind the
 * LRU. Bytes are split into chunks under the 64 KiB KV value limit and
 * written in one atomic operation: a meta entry (version id, chunk count,
 * byte length, SHA-256, expiry) plus the chunks, the previous version's
 * chunks deleted in the same operation. A read that finds a chunk missing or
 * the bytes not matching the meta treats the entry as absent (and reads once
 * more when the entry changed under it). The images in KV are kept under a
 * size cap (`image_budget.ts`: an index entry and a shared total written in
 * the same operation, the oldest evicted past the cap).
 *
 * @module
 */
import type { ImageCacheKey } from "./cache_keys.ts";
import type { KvStore } from "./kv_store.ts";
import { createImageBudget, DEFAULT_IMAGE_CACHE_MAX_BYTES, type ImageBudget } from "./image_budget.ts";
import { sha256, toHex } from "../../lib/bytes.ts";

/** Size of one chunk of a binary value: under the 64 KiB KV value limit. */
export const CHUNK_BYTES = 63 * 1024;

/**
 * Largest binary value kept in KV: one atomic operation may carry at most
 * 800 KiB, so at most 12 chunks. Larger values stay in the LRU only.
 */
export const MAX_KV_BYTES = 12 * CHUNK_BYTES;

/** The meta entry of a binary value as stored in KV. */
interface BytesMeta {
  readonly version: string;
  readonly chunks: number;
  readonly byteLength: number;
  readonly sha256: string;
  readonly expiresAt: number;
}

const CHUNK_PREFIX = "image_chunk";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isBytesMeta(value: unknown): value is BytesMeta {
  if (!isRecord(value)) return false;
  const { version, chunks, byteLength, sha256, expiresAt } = value;
  return typeof version === "string" && version.length > 0 &&
    version.length <= 64 &&
    Number.isInteger(chunks) && (chunks as number) >= 0 &&
    (chunks as number) <= MAX_KV_BYTES / CHUNK_BYTES &&
    Number.isInteger(byteLength) && (byteLength as number) >= 0 &&
    (chunks as number) === Math.ceil((byteLength as number) / CHUNK_BYTES) &&
    typeof sha256 === "string" && /^[0-9a-f]{64}$/.test(sha256) &&
    typeof expiresAt === "number" && Number.isFinite(expiresAt);
}

function chunkKey(version: string, index: number): Deno.KvKey {
  return [CHUNK_PREFIX, version, index];
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  return toHex(await sha256(bytes));
}

/** The byte store's two operations. */
export interface ByteStore {
  /** The bytes, or `null` when missing, expired, incomplete, corrupt or KV fails; may be shared: do not mutate. */
  getBytes(key: ImageCacheKey): Promise<Uint8Array | null>;
  /** Stores a copy of the bytes for the time to live (in memory only above {@linkcode MAX_KV_BYTES}). */
  setBytes(key: ImageCacheKey, bytes: Uint8Array): Promise<void>;
  /**
   * Removes the entry of `key` and of every variant under it (`[...key, variant]`), meta and chunks, from
   * memory and KV; how many entries were there.
   */
  removeBytes(key: ImageCacheKey): Promise<number>;
}

/** Options of {@linkcode createByteStore}. */
export interface ByteStoreOptions {
  /** Cap of the images kept in KV, in bytes (`IMAGE_CACHE_MAX_BYTES`); the oldest are evicted past it. */
  readonly maxKvBytes?: number;
}

/** Reads bytes from KV; `"retry"` when the entry changed under the read. */
async function readBytes(
  shared: KvStore,
  db: Deno.Kv,
  key: ImageCacheKey,
): Promise<Uint8Array | null | "retry"> {
  const { lru, now, warnOnce, lruKey } = shared;
  const metaEntry = await db.get(key);
  if (metaEntry.value === null) return null;
  const meta = metaEntry.value;
  if (!isBytesMeta(meta)) {
    warnOnce("corrupt", `corrupt entry at ${lruKey(key)}; ignoring it`);
    return null;
  }
  if (meta.expiresAt <= now()) return null;
  const bytes = new Uint8Array(meta.byteLength);
  let offset = 0;
  for (let first = 0; first < meta.chunks; first += 10) {
    const keys: Deno.KvKey[] = [];
    for (let i = first; i < Math.min(first + 10, meta.chunks); i++) {
      keys.push(chunkKey(meta.version, i));
    }
    for (const { value } of await db.getMany(keys)) {
      const expected = Math.min(CHUNK_BYTES, meta.byteLength - offset);
      if (!(value instanceof Uint8Array) || value.length !== expected) {
        const current = await db.get(key);
        if (current.versionstamp !== metaEntry.versionstamp) return "retry";
        warnOnce(
          "corrupt",
          `missing or mismatched chunk at ${lruKey(key)}; ignoring it`,
        );
        return null;
      }
      bytes.set(value, offset);
      offset += value.length;
    }
  }
  if ((await sha256Hex(bytes)) !== meta.sha256) {
    warnOnce("corrupt", `checksum mismatch at ${lruKey(key)}; ignoring it`);
    return null;
  }
  lru.set(
    lruKey(key),
    { type: "bytes", bytes, expiresAt: meta.expiresAt },
    bytes.byteLength + 64,
  );
  return bytes;
}

/** Creates the byte store over the shared KV state; `budget` is the cap of its images in KV. */
export function createByteStore(shared: KvStore, options: ByteStoreOptions = {}): ByteStore & { budget: ImageBudget } {
  const { lru, now, ttlMs, store, retryLocked, warnOnce, lruKey, fromLru } = shared;
  const budget = createImageBudget(shared, {
    maxBytes: options.maxKvBytes ?? DEFAULT_IMAGE_CACHE_MAX_BYTES,
    chunkKeys: (meta) => Array.from({ length: (meta as BytesMeta).chunks }, (_, i) => chunkKey(meta.version, i)),
    isMeta: isBytesMeta,
  });

  async function getBytes(key: ImageCacheKey): Promise<Uint8Array | null> {
    const hot = fromLru(key);
    if (hot?.type === "bytes") return hot.bytes;
    const db = store();
    if (db === null) return null;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await retryLocked(() => readBytes(shared, db, key));
        if (result !== "retry") return result;
      }
      return null;
    } catch (error) {
      warnOnce("error", "Deno KV read failed; serving without it", error);
      return null;
    }
  }

  async function setBytes(
    key: ImageCacheKey,
    bytes: Uint8Array,
  ): Promise<void> {
    const copy = bytes.slice();
    const expiresAt = now() + ttlMs;
    lru.set(
      lruKey(key),
      { type: "bytes", bytes: copy, expiresAt },
      copy.byteLength + 64,
    );
    const db = store();
    if (db === null) return;
    if (copy.byteLength > MAX_KV_BYTES) {
      warnOnce(
        "too-large",
        `value of ${copy.byteLength} bytes exceeds ${MAX_KV_BYTES}; kept in memory only`,
      );
      return;
    }
    let written = false;
    try {
      const sha256 = await sha256Hex(copy);
      await retryLocked(async () => {
        const meta: BytesMeta = {
          version: crypto.randomUUID(),
          chunks: Math.ceil(copy.byteLength / CHUNK_BYTES),
          byteLength: copy.byteLength,
          sha256,
          expiresAt,
        };
        const previous = await db.get(key);
        const op = db.atomic().check(previous)
          .set(key, meta, { expireIn: ttlMs });
        for (let i = 0; i < meta.chunks; i++) {
          const chunk = copy.subarray(i * CHUNK_BYTES, (i + 1) * CHUNK_BYTES);
          op.set(chunkKey(meta.version, i), chunk, { expireIn: ttlMs });
        }
        if (isBytesMeta(previous.value)) {
          for (let i = 0; i < previous.value.chunks; i++) {
            op.delete(chunkKey(previous.value.version, i));
          }
        }
        budget.record(op, key, meta, isBytesMeta(previous.value) ? previous.value : null);
        // Not ok means a concurrent write won: its value is as good as ours.
        written = (await op.commit()).ok;
      });
    } catch (error) {
      warnOnce("error", "Deno KV write failed; serving without it", error);
    }
    if (written) await budget.afterWrite();
  }

  async function removeBytes(key: ImageCacheKey): Promise<number> {
    const removed = new Set<string>();
    const own = lruKey(key);
    const variantPrefix = own.slice(0, -1) + ",";
    for (const k of [...lru.keys()]) {
      if (k === own || k.startsWith(variantPrefix)) {
        lru.delete(k);
        removed.add(k);
      }
    }
    const db = store();
    if (db === null) return removed.size;
    try {
      const keys: Deno.KvKey[] = [key];
      for await (const entry of db.list({ prefix: key as Deno.KvKey })) keys.push(entry.key);
      for (const k of keys) {
        await retryLocked(async () => {
          const meta = await db.get(k);
          if (meta.versionstamp === null) return;
          const op = db.atomic().check(meta).delete(k);
          if (isBytesMeta(meta.value)) {
            for (let i = 0; i < meta.value.chunks; i++) op.delete(chunkKey(meta.value.version, i));
            await budget.forget(db, op, meta.value);
          }
          await op.commit();
          removed.add(lruKey(k as ImageCacheKey));
        });
      }
    } catch (error) {
      warnOnce("error", "Deno KV delete failed", error);
    }
    return removed.size;
  }

  return { getBytes, setBytes, removeBytes, budget };
}
