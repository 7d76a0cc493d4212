/**
 * The per-client rate limit of the service's routes: `lib/rate_limit.ts`
 * (shared with `og/`'s per-client image budget, which imports nothing of the
 * service).
 *
 * @module
 */
export {
  createRateLimiter,
  type RateDecision,
  type RateLimiter,
  type RateLimiterOptions,
} from "../../lib/rate_limit.ts";
