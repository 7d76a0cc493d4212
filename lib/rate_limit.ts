/**
 * A per-client rate limit: one token bucket per key (a client address),
 * `ratePerSecond` tokens refilled continuously up to `burst`. Buckets live in
 * an {@linkcode Lru} bounded by entry count, so a flood of distinct addresses
 * costs bounded memory (a forgotten client starts again with a full bucket).
 *
 * @module
 */
import { Lru } from "./lru.ts";

/** Options of {@linkcode createRateLimiter}. */
export interface RateLimiterOptions {
  /** Sustained requests per second per client. */
  ratePerSecond: number;
  /** Requests a client may make at once after a quiet spell. */
  burst: number;
  /** Clients remembered at most (default 10,000). */
  maxClients?: number;
  /** The clock, in milliseconds (tests). Default `performance.now`. */
  now?: () => number;
}

/** The answer of {@linkcode RateLimiter.take}. */
export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number };

/** A rate limiter. */
export interface RateLimiter {
  /** Takes one token for `key`: ok, or how long to wait for the next one. */
  take(key: string): RateDecision;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Creates a token-bucket rate limiter. */
export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const now = options.now ?? (() => performance.now());
  const buckets = new Lru<Bucket>({ maxBytes: Number.MAX_SAFE_INTEGER, maxEntries: options.maxClients ?? 10_000 });
  const perMs = options.ratePerSecond / 1000;
  return {
    take(key) {
      const t = now();
      let bucket = buckets.get(key);
      if (!bucket) {
        bucket = { tokens: options.burst, at: t };
        buckets.set(key, bucket, 1);
      } else {
        bucket.tokens = Math.min(options.burst, bucket.tokens + (t - bucket.at) * perMs);
        bucket.at = t;
      }
      if (bucket.tokens >= 1) {
        bucket.tokens -= 1;
        return { ok: true };
      }
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - bucket.tokens) / perMs / 1000)) };
    },
  };
}
