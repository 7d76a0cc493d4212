/**
 * Fair costly work: a budget per client, so one client's flood cannot take
 * the places from everyone else. The share images use it for the ones not in
 * the cache (preview lookup, logo fetch, render; `og/serve/admission.ts`), the
 * service for page renders (`server/http/render_budget.ts`).
 *
 * - **Rate**: a token bucket per client (`lib/rate_limit.ts`):
 *   `burst` uncached requests at once after a quiet spell, `ratePerSecond`
 *   sustained. An empty bucket is refused with the time to the next token.
 * - **In flight**: at most `inFlight` uncached requests of one client are
 *   worked on at once; up to `waiting` more wait for one of them to finish
 *   (first come, first served); beyond that they are refused.
 * - **Reserve**: while the shared places (render workers + queue) are nearly
 *   all taken, a client that already has one request in flight does not
 *   start another: the last places are kept for clients with none.
 *
 * - **Only when limited**: `limited(client)` (default: always) says whether
 *   the limits apply to this request; one that is not limited is let in at
 *   once, yet counts in flight and drains its bucket, so the limits hold as
 *   soon as they apply.
 *
 * Cache hits never touch the budget. Clients are forgotten when idle (the
 * buckets live in a bounded LRU; the in-flight counts only while in use).
 *
 * @module
 */

import { createRateLimiter, type RateLimiter } from "./rate_limit.ts";

/** Options of {@linkcode createClientBudget}. */
export interface ClientBudgetOptions {
  /** Uncached requests of one client worked on at once (default 4). */
  readonly inFlight?: number;
  /** Uncached requests of one client that may wait beyond those (default 16). */
  readonly waiting?: number;
  /** Sustained uncached requests per second per client (default 2). */
  readonly ratePerSecond?: number;
  /** Uncached requests a client may make at once after a quiet spell (default 40). */
  readonly burst?: number;
  /** Clients whose buckets are remembered at most (default 10,000). */
  readonly maxClients?: number;
  /** Whether the limits apply to a request of `client` now (default: always). */
  readonly limited?: (client: string) => boolean;
  /** The clock in milliseconds (tests); default `performance.now`. */
  readonly now?: () => number;
}

/** A request let in: call `release` once when it is done. */
export interface BudgetAdmitted {
  readonly ok: true;
  readonly release: () => void;
}

/** A request refused: over the client's rate, too many of its requests at once, or gone while it waited. */
export interface BudgetRefused {
  readonly ok: false;
  readonly reason: "rate" | "busy" | "gone";
  /** Seconds until the client may try again (for `Retry-After`). */
  readonly retryAfterSeconds: number;
}

/** Counters (tests, logs). */
export interface ClientBudgetStats {
  /** Clients with a request in flight or waiting. */
  readonly clients: number;
  readonly inFlight: number;
  readonly waiting: number;
}

/** The per-client budget of uncached work. */
export interface ClientBudget {
  /**
   * Lets a request of `client` in (at once, or after one of its own requests
   * finished) or refuses it. `reserved()` says whether the shared places are
   * in their reserve (then a client with a request in flight waits). A
   * request whose `signal` aborts while it waits leaves the queue (`gone`).
   */
  enter(client: string, reserved: () => boolean, signal?: AbortSignal): Promise<BudgetAdmitted | BudgetRefused>;
  /** Counters. */
  stats(): ClientBudgetStats;
}

/** `Retry-After` of a request refused because too many of the client's requests are under way. */
export const BUSY_RETRY_SECONDS = 2;

interface ClientState {
  running: number;
  readonly queue: (() => void)[];
}

function positiveInteger(value: number, name: string): number {
  if (!Number.isInteger(value) || value < 0) {
    throw new RangeError(`Cannot create a client budget with ${name} ${value}: expected an integer >= 0`);
  }
  return value;
}

/** Creates a per-client budget of uncached work. */
export function createClientBudget(options: ClientBudgetOptions = {}): ClientBudget {
  const inFlight = Math.max(1, positiveInteger(options.inFlight ?? 4, "inFlight"));
  const waitingMax = positiveInteger(options.waiting ?? 16, "waiting");
  const rate: RateLimiter = createRateLimiter({
    ratePerSecond: options.ratePerSecond ?? 2,
    burst: options.burst ?? 40,
    maxClients: options.maxClients ?? 10_000,
    now: options.now,
  });
  const clients = new Map<string, ClientState>();
  let running = 0;
  let waiting = 0;

  function admitted(client: string, state: ClientState): BudgetAdmitted {
    state.running++;
    running++;
    let released = false;
    return {
      ok: true,
      release() {
        if (released) return;
        released = true;
        state.running--;
        running--;
        // The client's next waiting request starts (it checks the limits again).
        const next = state.queue.shift();
        if (next) {
          waiting--;
          next();
        } else if (state.running === 0) clients.delete(client);
      },
    };
  }

  return {
    enter(client, reserved, signal) {
      if (signal?.aborted) return Promise.resolve({ ok: false, reason: "gone", retryAfterSeconds: 0 });
      const state = clients.get(client) ?? { running: 0, queue: [] };
      const limit = () => reserved() ? 1 : inFlight;
      const limited = options.limited?.(client) ?? true;
      if (limited && state.running >= limit() && state.queue.length >= waitingMax) {
        return Promise.resolve({ ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS });
      }
      const decision = rate.take(client);
      if (limited && !decision.ok) {
        return Promise.resolve({ ok: false, reason: "rate", retryAfterSeconds: decision.retryAfterSeconds });
      }
      clients.set(client, state);
      if (!limited || state.running < limit()) return Promise.resolve(admitted(client, state));
      // A client with waiters always has a request running: each release
      // wakes one waiter, which starts or queues again at the front.
      return new Promise((resolve) => {
        const gone = () => {
          const index = state.queue.indexOf(wake);
          if (index < 0) return;
          state.queue.splice(index, 1);
          waiting--;
          if (state.running === 0 && state.queue.length === 0) clients.delete(client);
          resolve({ ok: false, reason: "gone", retryAfterSeconds: 0 });
        };
        const wake = () => {
          if (state.running < limit() || state.running === 0) {
            signal?.removeEventListener("abort", gone);
            resolve(admitted(client, state));
          } else {
            waiting++;
            state.queue.unshift(wake);
          }
        };
        waiting++;
        state.queue.push(wake);
        signal?.addEventListener("abort", gone, { once: true });
      });
    },
    stats() {
      return { clients: clients.size, inFlight: running, waiting };
    },
  };
}
