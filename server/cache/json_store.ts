/**
 * The JSON store of the cache: values (preview data) kept in KV as
 * `{ value, expiresAt }` behind the LRU. Every entry carries its own expiry,
 * checked on read (KV's `expireIn` is lazy; it is passed too, so KV drops the
 * entry eventually). Values are checked by a caller's validator on read:
 * missing, expired, corrupt and invalid entries all read as `null`. Values
 * read or stored are deep-frozen copies.
 *
 * @module
 */
import type { PreviewCacheKey } from "./cache_keys.ts";
import type { KvStore } from "./kv_store.ts";

/** Checks the shape of a value read back from the cache. */
export type Validator<T> = (value: unknown) => value is T;

/** A JSON entry as stored in KV. */
interface JsonRecord {
  readonly value: unknown;
  readonly expiresAt: number;
}

/** The JSON store's two operations. */
export interface JsonStore {
  /** The value, or `null` when missing, expired, corrupt, rejected by `validate`, or KV fails. */
  get<T>(key: PreviewCacheKey, validate: Validator<T>): Promise<T | null>;
  /** Stores a copy of the value for the time to live; a value JSON cannot represent is not stored. */
  set(key: PreviewCacheKey, value: unknown): Promise<void>;
  /** Removes an entry from memory and KV; whether one was there. */
  remove(key: PreviewCacheKey): Promise<boolean>;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isJsonRecord(value: unknown): value is JsonRecord {
  return isRecord(value) && "value" in value &&
    typeof value.expiresAt === "number" && Number.isFinite(value.expiresAt);
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

/** Creates the JSON store over the shared KV state. */
export function createJsonStore(shared: KvStore): JsonStore {
  const { lru, now, ttlMs, store, retryLocked, warnOnce, lruKey, fromLru } = shared;

  async function get<T>(
    key: PreviewCacheKey,
    validate: Validator<T>,
  ): Promise<T | null> {
    const hot = fromLru(key);
    if (hot?.type === "json" && validate(hot.value)) return hot.value;
    const db = store();
    if (db === null) return null;
    let record: unknown;
    try {
      record = (await retryLocked(() => db.get(key))).value;
    } catch (error) {
      warnOnce("error", "Deno KV read failed; serving without it", error);
      return null;
    }
    if (record === null) return null;
    if (!isJsonRecord(record)) {
      warnOnce("corrupt", `corrupt entry at ${lruKey(key)}; ignoring it`);
      return null;
    }
    if (record.expiresAt <= now()) return null;
    const value = deepFreeze(record.value);
    if (!validate(value)) {
      warnOnce("invalid", `invalid entry at ${lruKey(key)}; ignoring it`);
      return null;
    }
    lru.set(
      lruKey(key),
      { type: "json", value, expiresAt: record.expiresAt },
      JSON.stringify(value).length * 2 + 64,
    );
    return value;
  }

  async function set(key: PreviewCacheKey, value: unknown): Promise<void> {
    let json: string | undefined;
    try {
      json = JSON.stringify(value);
    } catch (error) {
      warnOnce("unserializable", "cannot store a value as JSON", error);
      return;
    }
    if (json === undefined) {
      warnOnce("unserializable", "cannot store a value as JSON");
      return;
    }
    const copy = deepFreeze(JSON.parse(json));
    const expiresAt = now() + ttlMs;
    lru.set(
      lruKey(key),
      { type: "json", value: copy, expiresAt },
      json.length * 2 + 64,
    );
    const db = store();
    if (db === null) return;
    try {
      const record: JsonRecord = { value: copy, expiresAt };
      await retryLocked(() => db.set(key, record, { expireIn: ttlMs }));
    } catch (error) {
      warnOnce("error", "Deno KV write failed; serving without it", error);
    }
  }

  /** Removes an entry from the LRU and KV; whether either held it. */
  async function remove(key: PreviewCacheKey): Promise<boolean> {
    const inMemory = lru.delete(lruKey(key));
    const db = store();
    if (db === null) return inMemory;
    try {
      return await retryLocked(async () => {
        const entry = await db.get(key);
        if (entry.versionstamp === null) return inMemory;
        await db.delete(key);
        return true;
      });
    } catch (error) {
      warnOnce("error", "Deno KV delete failed", error);
      return inMemory;
    }
  }

  return { get, set, remove };
}
