/**
 * A budget of costly work per client (page renders, `server/middleware/page_budget.ts`), on the rules of the share
 * images' (`og/job/client_budget.ts`), so one address cannot take the main thread from everyone else (issue 31):
 *
 * - **In flight**: at most `inFlight` requests of one client are worked on at once; up to `waiting` more wait for
 *   one of them to finish (first come, first served); beyond that they are refused (`busy`).
 * - **Rate**: a token bucket per client (`rate_limit.ts`): `burst` requests at once after a quiet spell,
 *   `ratePerSecond` sustained; an empty bucket is refused with the time to its next token (`rate`).
 * - A waiting request whose client goes away (its signal aborts) leaves the queue.
 * - **Only among others**: the limits apply while another client asked within `sharedMs` (default 2 s). A client
 *   alone takes nobody's time and is never refused (its requests still count, and its bucket still drains, so the
 *   limits hold at once when someone else comes).
 *
 * Clients are forgotten when idle: the buckets live in a bounded LRU, the in-flight counts only while in use.
 *
 * @module
 */
import { createRateLimiter } from "./rate_limit.ts";

/** Options of {@linkcode createClientBudget}. */
export interface ClientBudgetOptions {
  /** Requests of one client worked on at once (default 3). */
  readonly inFlight?: number;
  /** Requests of one client that may wait beyond those (default 6). */
  readonly waiting?: number;
  /** Sustained requests per second per client (default 10). */
  readonly ratePerSecond?: number;
  /** Requests a client may make at once after a quiet spell (default 20). */
  readonly burst?: number;
  /** Clients whose buckets are remembered at most (default 10,000). */
  readonly maxClients?: number;
  /** The limits apply while another client asked within this many ms (default 2,000). */
  readonly sharedMs?: number;
  /** Who asked lately, when the service notes more than this budget's requests (default: this budget's own). */
  readonly activity?: ClientActivity;
  /** The clock in milliseconds (tests); default `performance.now`. */
  readonly now?: () => number;
}

/** A request let in: call `release` once when its work is done. */
export interface Admitted {
  readonly ok: true;
  readonly release: () => void;
}

/** A request refused, and for how long (seconds, for `Retry-After`). */
export interface Refused {
  readonly ok: false;
  readonly reason: "rate" | "busy" | "gone";
  readonly retryAfterSeconds: number;
}

/** The budget. */
export interface ClientBudget {
  /** Lets a request of `client` in (at once, or after one of its own finished) or refuses it. */
  enter(client: string, signal?: AbortSignal): Promise<Admitted | Refused>;
  /** Requests in flight and waiting, over all clients. */
  stats(): { clients: number; inFlight: number; waiting: number };
}

/** Who asked lately: whether a client is alone (see {@linkcode createClientBudget}). */
export interface ClientActivity {
  /** `client` asks now. */
  note(client: string): void;
  /** Another client than `client` asked within the window. */
  shared(client: string): boolean;
}

/** Who asked within `sharedMs` (default 2 s): the last two distinct clients and when each last asked suffice. */
export function createClientActivity(sharedMs = 2_000, now: () => number = () => performance.now()): ClientActivity {
  let last = { client: "", at: -Infinity };
  let previous = { client: "", at: -Infinity };
  return {
    note(client) {
      const t = now();
      if (last.client !== client) {
        previous = last;
        last = { client, at: t };
      } else last.at = t;
    },
    shared(client) {
      const other = last.client === client ? previous : last;
      return now() - other.at <= sharedMs;
    },
  };
}

/** `Retry-After` of a request refused because too many of its client's are under way. */
export const BUSY_RETRY_SECONDS = 2;

interface ClientState {
  running: number;
  readonly queue: Set<() => void>;
}

function count(value: number, name: string, least: number): number {
  if (!Number.isInteger(value) || value < least) {
    throw new RangeError(`Cannot create a client budget with ${name} ${value}: expected an integer >= ${least}`);
  }
  return value;
}

/** Creates a per-client budget. */
export function createClientBudget(options: ClientBudgetOptions = {}): ClientBudget {
  const inFlight = count(options.inFlight ?? 3, "inFlight", 1);
  const waitingMax = count(options.waiting ?? 6, "waiting", 0);
  const rate = createRateLimiter({
    ratePerSecond: options.ratePerSecond ?? 10,
    burst: count(options.burst ?? 20, "burst", 1),
    maxClients: options.maxClients ?? 10_000,
    now: options.now,
  });
  const clients = new Map<string, ClientState>();
  let running = 0;
  let waiting = 0;
  const activity = options.activity ?? createClientActivity(options.sharedMs, options.now);
  const shared = (client: string) => {
    activity.note(client);
    return activity.shared(client);
  };

  function admitted(client: string, state: ClientState): Admitted {
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
        const [next] = state.queue;
        if (next) next();
        else if (state.running === 0) clients.delete(client);
      },
    };
  }

  return {
    enter(client, signal) {
      const state = clients.get(client) ?? { running: 0, queue: new Set() };
      const limited = shared(client);
      if (limited && state.running >= inFlight && state.queue.size >= waitingMax) {
        return Promise.resolve({ ok: false, reason: "busy", retryAfterSeconds: BUSY_RETRY_SECONDS });
      }
      const decision = rate.take(client);
      if (limited && !decision.ok) {
        return Promise.resolve({ ok: false, reason: "rate", retryAfterSeconds: decision.retryAfterSeconds });
      }
      clients.set(client, state);
      if (state.running < inFlight || !limited) return Promise.resolve(admitted(client, state));
      return new Promise((resolve) => {
        const leave = () => {
          state.queue.delete(wake);
          waiting--;
          signal?.removeEventListener("abort", gone);
        };
        const wake = () => {
          leave();
          resolve(admitted(client, state));
        };
        const gone = () => {
          leave();
          if (state.running === 0 && state.queue.size === 0) clients.delete(client);
          resolve({ ok: false, reason: "gone", retryAfterSeconds: BUSY_RETRY_SECONDS });
        };
        waiting++;
        state.queue.add(wake);
        signal?.addEventListener("abort", gone, { once: true });
      });
    },
    stats: () => ({ clients: clients.size, inFlight: running, waiting }),
  };
}
