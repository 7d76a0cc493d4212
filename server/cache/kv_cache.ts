/**
 * The one cache of the product: token and pool preview data (JSON) and share
 * images (PNG bytes), kept in Deno KV for 7 days behind an in-memory LRU. It
 * is three parts:
 *
 * - the keys (`cache_keys.ts`): `[kind, CHAIN, address]`, checked when built;
 * - the JSON store (`json_store.ts`): validated, frozen values with their own
 *   expiry;
 * - the byte store (`byte_store.ts`): images in checked chunks, written
 *   atomically, kept in KV under a size cap (`image_budget.ts`: the oldest
 *   evicted past `maxImageBytes`, the size logged at start and on eviction);
 *
 * over the shared KV state (`kv_store.ts`: the LRU, lock retries when
 * several processes share one SQLite file, one warning per kind of failure).
 * KV being unavailable or holding corrupt entries never reaches the caller:
 * the cache acts as a miss (or a no-op write).
 *
 * @module
 */
import { imageCacheKey, type ImageKind, type PreviewCacheKey } from "./cache_keys.ts";
import { createByteStore } from "./byte_store.ts";
import { createJsonStore, type Validator } from "./json_store.ts";
import { createKvStore, type KvStore, LOCK_RETRIES } from "./kv_store.ts";
import { DEFAULT_IMAGE_CACHE_MAX_BYTES, type ImageBudget } from "./image_budget.ts";
import { logger } from "../log.ts";

/** Default time to live of every entry: 7 days. */
export const DEFAULT_TTL_MS = 604_800_000;

/**
 * Default bound of the in-memory LRU: 8 MiB (about 150 share images and the previews' JSON). Repeated requests
 * for an image are answered by the connection guard's microcache before they reach this; past it an image is one
 * KV read. At 32 MiB it held up to 32 MiB of the service's growth over 500 uncached images.
 */
export const DEFAULT_LRU_BYTES = 8 * 1024 * 1024;

/** Default bound on the number of LRU entries. */
export const DEFAULT_LRU_ENTRIES = 10_000;

/** The cache. No method throws for a KV failure or a corrupt entry. */
export interface Cache {
  /**
   * Reads a JSON entry. `null` when it is missing, expired, corrupt, rejected
   * by `validate`, or KV fails. The value returned is frozen: do not mutate it.
   */
  get<T>(key: PreviewCacheKey, validate: Validator<T>): Promise<T | null>;
  /**
   * Stores a JSON value (a copy of it) for the time to live. Values that JSON
   * cannot represent are not stored (and logged once). A `get` in this
   * process reads the value at once (from memory); the promise resolves
   * once KV holds it too, and never rejects.
   */
  set(key: PreviewCacheKey, value: unknown): Promise<void>;
  /**
   * Reads a cached share image; `null` when missing, expired, incomplete,
   * corrupt or KV fails. `chainName` is the chain as in the URL
   * (`ethereum`), normalised like every key. `variant` tells apart
   * renderings of the same target (absent for the default emoji set,
   * `emoji=<set>` otherwise). Invalid input reads as `null`. The array
   * returned may be shared: do not mutate it.
   */
  getImage(
    kind: ImageKind,
    chainName: string,
    address: string,
    variant?: string,
  ): Promise<Uint8Array | null>;
  /**
   * Removes a JSON entry (from memory and KV); whether one was there. KV
   * failures are logged once and read as nothing removed.
   */
  delete(key: PreviewCacheKey): Promise<boolean>;
  /**
   * Removes a share image in every variant (memory and KV, meta and
   * chunks); how many variants were there. Invalid input removes nothing.
   */
  deleteImages(kind: ImageKind, chainName: string, address: string): Promise<number>;
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
  /** Bound of the in-memory LRU in bytes; 0 turns it off. Default {@linkcode DEFAULT_LRU_BYTES} (8 MiB). */
  readonly lruBytes?: number;
  /** Bound of the number of LRU entries. Default 10,000. */
  readonly lruEntries?: number;
  /** Clock in epoch milliseconds. Default `Date.now`. */
  readonly now?: () => number;
  /** Time to live of new entries in milliseconds. Default 7 days. */
  readonly ttlMs?: number;
  /** Retries of an operation that finds the database locked. Default {@linkcode LOCK_RETRIES}. */
  readonly lockRetries?: number;
  /**
   * Cap of the share images kept in KV, in bytes (`IMAGE_CACHE_MAX_BYTES`):
   * past it the oldest are evicted. Default {@linkcode DEFAULT_IMAGE_CACHE_MAX_BYTES} (256 MiB).
   */
  readonly maxImageBytes?: number;
}

/** Logs the size of the images in KV once, at start (and evicts when a lower cap finds it over). */
function logImageCacheSize(budget: ImageBudget, warnOnce: KvStore["warnOnce"]): void {
  budget.measure().then(async ({ images, bytes }) => {
    logger.info(
      `kv_cache: image cache holds ${images} images, ${(bytes / 1_048_576).toFixed(1)} MB of at most ${
        (budget.maxBytes / 1_048_576).toFixed(1)
      } MB`,
      { images, bytes, maxBytes: budget.maxBytes },
    );
    if (bytes > budget.maxBytes) await budget.evict();
  }).catch((error) => {
    // A store closed before the count finished (a shutdown, a test) has nothing to report.
    if (error instanceof Deno.errors.BadResource || /database is closed/i.test(String(error))) return;
    warnOnce("error", "Deno KV read failed; serving without it", error);
  });
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
    maxImageBytes = DEFAULT_IMAGE_CACHE_MAX_BYTES,
  } = options;
  if (!(ttlMs > 0)) {
    throw new RangeError(
      `Cannot create cache with ttlMs ${ttlMs}: expected a positive number`,
    );
  }
  const shared = createKvStore(kv, { lruBytes, lruEntries, now, ttlMs, lockRetries });
  const { get, set, remove } = createJsonStore(shared);
  const { getBytes, setBytes, removeBytes, budget } = createByteStore(shared, { maxKvBytes: maxImageBytes });
  if (kv !== null) logImageCacheSize(budget, shared.warnOnce);
  return {
    get,
    set,
    delete: remove,
    deleteImages(kind, chainName, address) {
      const key = imageCacheKey(kind, chainName, address);
      return key === null ? Promise.resolve(0) : removeBytes(key);
    },
    getImage(kind, chainName, address, variant) {
      const key = imageCacheKey(kind, chainName, address, variant);
      return key === null ? Promise.resolve(null) : getBytes(key);
    },
    setImage(kind, chainName, address, png, variant) {
      const key = imageCacheKey(kind, chainName, address, variant);
      return key === null ? Promise.resolve() : setBytes(key, png);
    },
  };
}
