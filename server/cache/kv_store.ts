/**
 * What the cache's two stores (`json_store.ts`, `byte_store.ts`) share: the
 * Deno KV handle (or none), the in-memory LRU in front of it, the clock and
 * time to live, retries while another process holds the SQLite file
 * ("database is locked"), and one warning per kind of failure. KV being
 * unavailable (null, closed, throwing) never reaches a caller: the stores act
 * as a miss (or a no-op write) and warn once (`server/log.ts`).
 *
 * @module
 */
import { Lru } from "../../lib/lru.ts";
import { logger } from "../log.ts";
import type { CacheKey } from "./cache_keys.ts";

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

/** An entry of the in-memory LRU: a JSON value or bytes, with its expiry. */
export type LruEntry =
  | { readonly type: "json"; readonly value: unknown; readonly expiresAt: number }
  | { readonly type: "bytes"; readonly bytes: Uint8Array; readonly expiresAt: number };

/** Kinds of failure, each warned about once. */
export type FailureKind = "unavailable" | "error" | "eviction" | "corrupt" | "invalid" | "too-large" | "unserializable";

/** Options of {@linkcode createKvStore}. */
export interface KvStoreOptions {
  /** Bound of the in-memory LRU in bytes; 0 turns it off. */
  readonly lruBytes: number;
  /** Bound of the number of LRU entries. */
  readonly lruEntries: number;
  /** Clock in epoch milliseconds. */
  readonly now: () => number;
  /** Time to live of new entries in milliseconds. */
  readonly ttlMs: number;
  /** Retries of an operation that finds the database locked. */
  readonly lockRetries: number;
}

/** The shared state and helpers of the stores. */
export interface KvStore {
  readonly lru: Lru<LruEntry>;
  readonly now: () => number;
  readonly ttlMs: number;
  /** The KV handle, or `null` (warned about once). */
  store(): Deno.Kv | null;
  /** Runs a KV operation with the lock retries. */
  retryLocked<T>(operation: () => Promise<T>): Promise<T>;
  /** Logs a warning the first time a kind of failure happens. */
  warnOnce(kind: FailureKind, message: string, error?: unknown): void;
  /** The LRU's key of a cache key. */
  lruKey(key: CacheKey): string;
  /** A live LRU entry of the key, or `null` (an expired one is dropped). */
  fromLru(key: CacheKey): LruEntry | null;
}

/** Creates the shared state of the stores over `kv` (or over nothing). */
export function createKvStore(kv: Deno.Kv | null, options: KvStoreOptions): KvStore {
  const { now, ttlMs, lockRetries } = options;
  const lru = new Lru<LruEntry>({ maxBytes: options.lruBytes, maxEntries: options.lruEntries });
  const warned = new Set<FailureKind>();

  function warnOnce(kind: FailureKind, message: string, error?: unknown) {
    if (warned.has(kind)) return;
    warned.add(kind);
    const detail = error instanceof Error ? `: ${error.message}` : error !== undefined ? `: ${String(error)}` : "";
    logger.warn(`kv_cache: ${message}${detail} (logged once)`);
  }

  function lruKey(key: CacheKey): string {
    return JSON.stringify(key);
  }

  return {
    lru,
    now,
    ttlMs,
    store() {
      if (kv === null) warnOnce("unavailable", "Deno KV is unavailable; serving without it");
      return kv;
    },
    retryLocked: (operation) => retryWhileLocked(operation, lockRetries),
    warnOnce,
    lruKey,
    fromLru(key) {
      const k = lruKey(key);
      const entry = lru.get(k);
      if (entry === undefined) return null;
      if (entry.expiresAt <= now()) {
        lru.delete(k);
        return null;
      }
      return entry;
    },
  };
}
