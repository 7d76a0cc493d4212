/**
 * The one cache of the product: token and pool preview data (JSON) and share
 * images (PNG bytes), kept in Deno KV for 7 days behind an in-memory LRU.
 *
 * - Keys are arrays built by {@linkcode cacheKeys}: `[kind, CHAIN, address]`
 *   (plus an optional variant for images). Chain is upper-cased, a `0x`
 *   address or `NATIVE` lower-cased, a base58 mint (Solana) kept as given
 *   (`addressKey` of `queries/chains.ts`); oversized or empty parts are
 *   rejected when the key is built.
 * - Every entry stores its own `expiresAt`, checked on read (KV's `expireIn`
 *   is lazy; it is passed too, so KV eventually drops the entry).
 * - JSON values are checked by a caller-supplied validator on read; missing,
 *   expired, corrupt and invalid entries all read as `null`.
 * - Bytes are split into chunks under the 64 KiB KV value limit and written in
 *   one atomic operation: a meta entry (version id, chunk count, byte length,
 *   SHA-256, expiry) plus the chunks. A read that finds a chunk missing or
 *   the bytes not matching the meta treats the entry as absent.
 * - A byte-bounded LRU in front of KV serves hot entries; it respects
 *   `expiresAt` too.
 * - KV being unavailable (null, closed, throwing) or holding corrupt entries
 *   never reaches the caller: the cache acts as a miss (or a no-op write) and
 *   logs one warning per kind of failure (`lib/log.ts`).
 * - Several processes may share one SQLite file: an operation that fails
 *   with "database is locked" (SQLITE_BUSY) is retried up to
 *   {@linkcode LOCK_RETRIES} times with jittered exponential backoff, so a
 *   write is not lost to a concurrent writer.
 *
 * @module
 */
import { Lru } from "./lru.ts";
import { logger } from "./log.ts";
import { addressKey } from "./address.ts";

/** Default time to live of every entry: 7 days. */
export const DEFAULT_TTL_MS = 604_800_000;

/** Default bound of the in-memory LRU: 32 MiB. */
export const DEFAULT_LRU_BYTES = 32 * 1024 * 1024;

/** Default bound on the number of LRU entries. */
export const DEFAULT_LRU_ENTRIES = 10_000;

/** Size of one chunk of a binary value: under the 64 KiB KV value limit. */
export const CHUNK_BYTES = 63 * 1024;

/**
 * Largest binary value kept in KV: one atomic operation may carry at most
 * 800 KiB, so at most 12 chunks. Larger values stay in the LRU only.
 */
export const MAX_KV_BYTES = 12 * CHUNK_BYTES;

/** Retries of a KV operation that failed with "database is locked" (another process is writing). */
export const LOCK_RETRIES = 12;

/** Whether a KV error is SQLite's "database is locked" (busy), which passes once the other writer is done. */
export function isLockedError(error: unknown): boolean {
  return error instanceof Error && /database (table )?is locked|SQLITE_BUSY/i.test(error.message);
}

/**
 * Runs a KV operation, retrying it while it fails with "database is
 * locked": up to {@linkcode LOCK_RETRIES} more times, waiting 5 ms doubling
 * to at most 250 ms, each wait jittered (0.5x to 1.5x) so that contending
 * processes fall out of step. Other errors, and the last locked one, are
 * thrown.
 */
export async function retryWhileLocked<T>(operation: () => Promise<T>, retries: number = LOCK_RETRIES): Promise<T> {
  for (let attempt = 0;; attempt++) {
    try {
      return await operation();
    } catch (error) {
      if (attempt >= retries || !isLockedError(error)) throw error;
      const base = Math.min(250, 5 * 2 ** attempt);
      await new Promise((resolve) => setTimeout(resolve, base * (0.5 + Math.random())));
    }
  }
}

/** Largest total size, in UTF-8 bytes, of the parts of a key (KV allows 2 KiB). */
export const MAX_KEY_PART_BYTES = 1024;

/** Kinds of JSON entries. */
export type PreviewCacheKind = "token_preview" | "pool_preview";

/** Kinds of binary entries. */
export type ImageCacheKind = "token_image" | "pool_image";

/** Key of a JSON entry: `[kind, CHAIN, address]`. */
export type PreviewCacheKey = readonly [PreviewCacheKind, string, string];

/** Key of a binary entry: `[kind, CHAIN, address]` or `[kind, CHAIN, address, variant]`. */
export type ImageCacheKey =
  | readonly [ImageCacheKind, string, string]
  | readonly [ImageCacheKind, string, string, string];

/** Any cache key. */
export type CacheKey = PreviewCacheKey | ImageCacheKey;

/** Checks the shape of a value read back from the cache. */
export type Validator<T> = (value: unknown) => value is T;

/** Which share image: a token card or a pool card. */
export type ImageKind = "token" | "pool";

const encoder = new TextEncoder();

function checkParts(kind: string, parts: readonly unknown[]): void {
  let total = 0;
  for (const part of parts) {
    if (typeof part !== "string" || part.length === 0) {
      throw new TypeError(
        `Cannot build ${kind} cache key: expected non-empty strings, got ${JSON.stringify(part)}`,
      );
    }
    // UTF-8 takes at least one byte per UTF-16 unit: skip encoding huge parts.
    total += part.length > MAX_KEY_PART_BYTES ? part.length : encoder.encode(part).length;
    if (total > MAX_KEY_PART_BYTES) {
      throw new RangeError(
        `Cannot build ${kind} cache key: parts exceed ${MAX_KEY_PART_BYTES} bytes`,
      );
    }
  }
}

function previewKey(
  kind: PreviewCacheKind,
  chain: string,
  address: string,
): PreviewCacheKey {
  checkParts(kind, [chain, address]);
  return [kind, chain.toUpperCase(), addressKey(address)];
}

function imageKey(
  kind: ImageCacheKind,
  chain: string,
  address: string,
  variant?: string,
): ImageCacheKey {
  if (variant === undefined) {
    checkParts(kind, [chain, address]);
    return [kind, chain.toUpperCase(), addressKey(address)];
  }
  checkParts(kind, [chain, address, variant]);
  return [kind, chain.toUpperCase(), addressKey(address), variant];
}

/**
 * Typed builders of cache keys. They throw `TypeError` for empty or
 * non-string parts and `RangeError` when the parts together exceed
 * {@linkcode MAX_KEY_PART_BYTES}, so a bad key fails where it is built
 * rather than inside KV.
 */
export const cacheKeys = {
  /** Preview data of a token page. */
  tokenPreview(chain: string, address: string): PreviewCacheKey {
    return previewKey("token_preview", chain, address);
  },
  /** Preview data of a pool page. */
  poolPreview(chain: string, address: string): PreviewCacheKey {
    return previewKey("pool_preview", chain, address);
  },
  /** Share image of a token; `variant` tells apart renderings (e.g. emoji set). */
  tokenImage(chain: string, address: string, variant?: string): ImageCacheKey {
    return imageKey("token_image", chain, address, variant);
  },
  /** Share image of a pool; a namespace apart from token images. */
  poolImage(chain: string, address: string, variant?: string): ImageCacheKey {
    return imageKey("pool_image", chain, address, variant);
  },
} as const;

/** The cache. No method throws for a KV failure or a corrupt entry. */
export interface Cache {
  /**
   * Reads a JSON entry. `null` when it is missing, expired, corrupt, rejected
   * by `validate`, or KV fails. The value returned is frozen: do not mutate it.
   */
  get<T>(key: PreviewCacheKey, validate: Validator<T>): Promise<T | null>;
  /**
   * Stores a JSON value (a copy of it) for the time to live. Values that JSON
   * cannot represent are not stored (and logged once).
   */
  set(key: PreviewCacheKey, value: unknown): Promise<void>;
  /**
   * Reads a cached share image; `null` when missing, expired, incomplete,
   * corrupt or KV fails. `chainName` is the chain as in the URL
   * (`ethereum`), normalised like every key. Invalid input reads as `null`.
   * The array returned may be shared: do not mutate it.
   */
  getImage(
    kind: ImageKind,
    chainName: string,
    address: string,
    variant?: string,
  ): Promise<Uint8Array | null>;
  /** Stores a share image (a copy of it) for the time to live. Invalid input is ignored. */
  setImage(
    kind: ImageKind,
    chainName: string,
    address: string,
    png: Uint8Array,
    variant?: string,
  ): Promise<void>;
}

/** Options of {@linkcode createCache}. */
export interface CacheOptions {
  /** Bound of the in-memory LRU in bytes; 0 turns it off. Default 32 MiB. */
  readonly lruBytes?: number;
  /** Bound of the number of LRU entries. Default 10,000. */
  readonly lruEntries?: number;
  /** Clock in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
  /** Time to live of new entries in milliseconds. Default 7 days. */
  readonly ttlMs?: number;
  /** Retries of an operation that finds the database locked. Default {@linkcode LOCK_RETRIES}. */
  readonly lockRetries?: number;
}

/** A JSON entry as stored in KV. */
interface JsonRecord {
  readonly value: unknown;
  readonly expiresAt: number;
}

/** The meta entry of a binary value as stored in KV. */
interface BytesMeta {
  readonly version: string;
  readonly chunks: number;
  readonly byteLength: number;
  readonly sha256: string;
  readonly expiresAt: number;
}

type LruEntry =
  | {
    readonly type: "json";
    readonly value: unknown;
    readonly expiresAt: number;
  }
  | {
    readonly type: "bytes";
    readonly bytes: Uint8Array;
    readonly expiresAt: number;
  };

type FailureKind =
  | "unavailable"
  | "error"
  | "corrupt"
  | "invalid"
  | "too-large"
  | "unserializable";

const CHUNK_PREFIX = "image_chunk";

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isJsonRecord(value: unknown): value is JsonRecord {
  return isRecord(value) && "value" in value &&
    typeof value.expiresAt === "number" && Number.isFinite(value.expiresAt);
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
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", bytes as Uint8Array<ArrayBuffer>),
  );
  let hex = "";
  for (const byte of digest) hex += byte.toString(16).padStart(2, "0");
  return hex;
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

function lruKey(key: CacheKey): string {
  return JSON.stringify(key);
}

function imageKeyFor(
  kind: ImageKind,
  chainName: string,
  address: string,
  variant?: string,
): ImageCacheKey | null {
  try {
    if (kind === "token") {
      return cacheKeys.tokenImage(chainName, address, variant);
    }
    if (kind === "pool") {
      return cacheKeys.poolImage(chainName, address, variant);
    }
    return null;
  } catch {
    return null;
  }
}

/**
 * Creates the cache over `kv` (or over nothing when `kv` is null: then only
 * the in-memory LRU serves, and one warning says so).
 *
 * @example
 * ```ts
 * const cache = createCache(await Deno.openKv());
 * await cache.setImage("token", "ethereum", "0xabc...", png);
 * const again = await cache.getImage("token", "ethereum", "0xabc...");
 * ```
 */
export function createCache(
  kv: Deno.Kv | null,
  options: CacheOptions = {},
): Cache {
  const {
    lruBytes = DEFAULT_LRU_BYTES,
    lruEntries = DEFAULT_LRU_ENTRIES,
    now = Date.now,
    ttlMs = DEFAULT_TTL_MS,
    lockRetries = LOCK_RETRIES,
  } = options;
  const retryLocked = <T>(operation: () => Promise<T>) => retryWhileLocked(operation, lockRetries);
  if (!(ttlMs > 0)) {
    throw new RangeError(
      `Cannot create cache with ttlMs ${ttlMs}: expected a positive number`,
    );
  }
  const lru = new Lru<LruEntry>({ maxBytes: lruBytes, maxEntries: lruEntries });
  const warned = new Set<FailureKind>();

  function warnOnce(kind: FailureKind, message: string, error?: unknown) {
    if (warned.has(kind)) return;
    warned.add(kind);
    const detail = error instanceof Error ? `: ${error.message}` : error !== undefined ? `: ${String(error)}` : "";
    logger.warn(`kv_cache: ${message}${detail} (logged once)`);
  }

  function store(): Deno.Kv | null {
    if (kv === null) {
      warnOnce("unavailable", "Deno KV is unavailable; serving without it");
    }
    return kv;
  }

  function fromLru(key: CacheKey): LruEntry | null {
    const k = lruKey(key);
    const entry = lru.get(k);
    if (entry === undefined) return null;
    if (entry.expiresAt <= now()) {
      lru.delete(k);
      return null;
    }
    return entry;
  }

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

  /** Reads bytes from KV; `"retry"` when the entry changed under the read. */
  async function readBytes(
    db: Deno.Kv,
    key: ImageCacheKey,
  ): Promise<Uint8Array | null | "retry"> {
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

  async function getBytes(key: ImageCacheKey): Promise<Uint8Array | null> {
    const hot = fromLru(key);
    if (hot?.type === "bytes") return hot.bytes;
    const db = store();
    if (db === null) return null;
    try {
      for (let attempt = 0; attempt < 2; attempt++) {
        const result = await retryLocked(() => readBytes(db, key));
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
        // Not ok means a concurrent write won: its value is as good as ours.
        await op.commit();
      });
    } catch (error) {
      warnOnce("error", "Deno KV write failed; serving without it", error);
    }
  }

  return {
    get,
    set,
    getImage(kind, chainName, address, variant) {
      const key = imageKeyFor(kind, chainName, address, variant);
      return key === null ? Promise.resolve(null) : getBytes(key);
    },
    setImage(kind, chainName, address, png, variant) {
      const key = imageKeyFor(kind, chainName, address, variant);
      return key === null ? Promise.resolve() : setBytes(key, png);
    },
  };
}
