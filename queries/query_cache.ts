/**
 * The server's shared cache of public gateway reads.
 *
 * Every page view reads the same public data (market data, token and pool
 * details, charts, top lists, transactions, NFT collections), so N viewers of
 * a popular token should cost about one gateway call per TTL, not N.
 *
 * - It wraps the gateway client's fetch ({@linkcode QueryCache.wrap}), outside
 *   the layer that turns bad answers into `GatewayError`s: only a 2xx JSON
 *   answer without GraphQL `errors` is stored. A failure, a timeout or an
 *   answer with errors (even next to partial data) is never stored.
 * - Entries are keyed by the request body, that is by operation (name and
 *   document) and variables, and live `ttlMs` milliseconds.
 * - Identical reads under way at the same time share one gateway call
 *   (single-flight); a failure is shared by those waiting on it, then
 *   forgotten.
 * - The cache is bounded in bytes (least recently used entries go first).
 * - Mutations and bodies that are not a GraphQL JSON request pass through.
 *
 * @module
 */
import { Lru } from "../lib/lru.ts";
import { createSingleFlight } from "../lib/single_flight.ts";

/** Default bound of the cache, in bytes. */
export const DEFAULT_QUERY_CACHE_BYTES = 32 * 1024 * 1024;

/** Options of {@linkcode createQueryCache}. */
export interface QueryCacheOptions {
  /** How long an answer is served from memory, in ms (`QUERY_CACHE_SECONDS` * 1000); 0 turns the cache off. */
  readonly ttlMs: number;
  /** Largest total size of the stored answers and keys, in bytes; default {@linkcode DEFAULT_QUERY_CACHE_BYTES}. */
  readonly maxBytes?: number;
  /** Clock in ms; default `Date.now`. */
  readonly now?: () => number;
}

/** Counters of a {@linkcode QueryCache}, for tests and benchmarks. */
export interface QueryCacheStats {
  /** Reads answered from memory. */
  hits: number;
  /** Reads that went to the gateway. */
  misses: number;
  /** Reads that joined an identical read under way. */
  shared: number;
}

/** A shared cache of public gateway reads. */
export interface QueryCache {
  /** Whether it stores anything (`ttlMs > 0`). */
  readonly enabled: boolean;
  /**
   * Wraps a gateway fetch (one that throws on failures and resolves only with
   * answers worth reading): cacheable reads are answered from memory or
   * shared; everything else goes to `fetch` unchanged.
   */
  wrap(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
  /** Counters since the cache was created. */
  readonly stats: Readonly<QueryCacheStats>;
  /** Number of answers held. */
  readonly size: number;
  /** Drops every stored answer. */
  clear(): void;
  /**
   * Drops the stored answers whose key (`{gateway URL}\n{request body}`) `matches`, e.g. every read whose
   * variables name one token; how many were dropped.
   */
  deleteWhere(matches: (key: string) => boolean): number;
}

interface Entry {
  readonly text: string;
  readonly expiresAt: number;
}

/** The answer of one gateway read, as shared between waiters. */
interface Answer {
  readonly text: string;
  readonly status: number;
  readonly contentType: string;
  readonly storable: boolean;
}

/** Whether a GraphQL request body is a query (not a mutation or subscription). */
export function isQueryBody(body: string): boolean {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    return false;
  }
  if (typeof parsed !== "object" || parsed === null) return false;
  const query = (parsed as { query?: unknown }).query;
  if (typeof query !== "string") return false;
  // Skip leading whitespace, commas and comments: the first word is the operation type.
  const start = query.replace(/^(?:[\s,\ufeff]+|#[^\n]*\n?)*/, "");
  return start.startsWith("{") || /^query\b/.test(start);
}

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted.", "AbortError");
}

/** Resolves with `promise`, or rejects as soon as `signal` aborts. */
function unlessAborted<T>(promise: Promise<T>, signal: AbortSignal | null | undefined): Promise<T> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(abortError(signal));
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(abortError(signal));
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener("abort", onAbort));
  });
}

function fromEntry(entry: Entry): Response {
  return new Response(entry.text, { status: 200, headers: { "content-type": "application/json" } });
}

function fromAnswer(answer: Answer): Response {
  return new Response(answer.text, { status: answer.status, headers: { "content-type": answer.contentType } });
}

/**
 * Creates a query cache. Create one per process (per gateway URL) and wrap
 * every server-side gateway client's fetch with it.
 *
 * @example
 * ```ts
 * const queryCache = createQueryCache({ ttlMs: config.queryCacheSeconds * 1000 });
 * const client = createGatewayClient({ url, queryCache });
 * ```
 */
export function createQueryCache(options: QueryCacheOptions): QueryCache {
  const { ttlMs, maxBytes = DEFAULT_QUERY_CACHE_BYTES, now = Date.now } = options;
  if (!(ttlMs >= 0) || !(maxBytes >= 0)) {
    throw new RangeError(
      `Cannot create query cache with ttlMs ${ttlMs} and maxBytes ${maxBytes}: expected non-negative numbers`,
    );
  }
  const enabled = ttlMs > 0;
  const entries = new Lru<Entry>({ maxBytes });
  const flight = createSingleFlight<Answer>();
  const stats: QueryCacheStats = { hits: 0, misses: 0, shared: 0 };
  const running = new Set<string>();

  function lookUp(key: string): Entry | null {
    const entry = entries.get(key);
    if (entry === undefined) return null;
    if (entry.expiresAt <= now()) {
      entries.delete(key);
      return null;
    }
    return entry;
  }

  async function read(
    fetch: typeof globalThis.fetch,
    input: RequestInfo | URL,
    init: RequestInit | undefined,
    key: string,
  ): Promise<Answer> {
    // The shared call is not tied to the first caller's signal: the others may still want it.
    const response = await fetch(input, { ...init, signal: undefined });
    const text = await response.text();
    const answer: Answer = {
      text,
      status: response.status,
      contentType: response.headers.get("content-type") ?? "application/json",
      // `"errors"` anywhere (even inside a string value) keeps the answer out: never store an error.
      storable: response.status >= 200 && response.status < 300 && !text.includes('"errors"'),
    };
    if (answer.storable) {
      entries.set(key, { text, expiresAt: now() + ttlMs }, 2 * (key.length + text.length) + 64);
    }
    return answer;
  }

  function wrap(fetch: typeof globalThis.fetch): typeof globalThis.fetch {
    if (!enabled) return fetch;
    return async function cachedFetch(input, init) {
      const body = init?.body;
      const method = (init?.method ?? "GET").toUpperCase();
      if (typeof body !== "string" || method !== "POST") return await fetch(input, init);
      const key = `${typeof input === "string" ? input : input instanceof URL ? input.href : input.url}\n${body}`;
      const hit = lookUp(key);
      if (hit !== null) {
        stats.hits++;
        return fromEntry(hit);
      }
      if (running.has(key)) {
        stats.shared++;
      } else {
        if (!isQueryBody(body)) return await fetch(input, init);
        stats.misses++;
        running.add(key);
      }
      const answer = flight(key, () => read(fetch, input, init, key).finally(() => running.delete(key)));
      return fromAnswer(await unlessAborted(answer, init?.signal));
    };
  }

  return {
    enabled,
    wrap,
    stats,
    get size() {
      return entries.size;
    },
    clear() {
      entries.clear();
    },
    deleteWhere(matches) {
      let dropped = 0;
      for (const key of [...entries.keys()]) {
        if (matches(key) && entries.delete(key)) dropped++;
      }
      return dropped;
    },
  };
}
