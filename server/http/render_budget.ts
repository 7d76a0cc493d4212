/**
 * The budget of page renders per client (`server/middleware/page_budget.ts`): the shared per-client budget of
 * `lib/client_budget.ts` (what the share images use too), with the page's defaults and one rule of its own, so one
 * address cannot take the main thread from everyone else (issue 31):
 *
 * - **In flight**: at most `inFlight` renders of one client at once (default 3); up to `waiting` more wait (default 6);
 *   beyond that `busy`. **Rate**: `burst` at once after a quiet spell (default 20), `ratePerSecond` sustained (default
 *   10); then `rate`. A waiting request whose client goes away (its signal aborts) leaves the queue.
 * - **Only among others**: the limits apply while another client asked within `sharedMs` (default 2 s). A client
 *   alone takes nobody's time and is never refused (its requests still count, and its bucket still drains, so the
 *   limits hold at once when someone else comes).
 *
 * @module
 */
import {
  type BudgetAdmitted,
  type BudgetRefused,
  BUSY_RETRY_SECONDS,
  type ClientBudgetOptions,
  createClientBudget,
} from "../../lib/client_budget.ts";

export { BUSY_RETRY_SECONDS };

/** Options of {@linkcode createRenderBudget}: the shared budget's, and who asked lately. */
export interface RenderBudgetOptions extends Omit<ClientBudgetOptions, "limited"> {
  /** The limits apply while another client asked within this many ms (default 2,000). */
  readonly sharedMs?: number;
  /** Who asked lately, when the service notes more than this budget's requests (default: this budget's own). */
  readonly activity?: ClientActivity;
}

/** The page budget. */
export interface RenderBudget {
  /** Lets a render of `client` in (at once, or after one of its own finished) or refuses it. */
  enter(client: string, signal?: AbortSignal): Promise<BudgetAdmitted | BudgetRefused>;
  /** Requests in flight and waiting, over all clients. */
  stats(): { clients: number; inFlight: number; waiting: number };
}
/** Who asked lately: whether a client is alone (see {@linkcode createRenderBudget}). */
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

/** Creates the per-client budget of page renders. */
export function createRenderBudget(options: RenderBudgetOptions = {}): RenderBudget {
  const inFlight = options.inFlight ?? 3;
  if (!Number.isInteger(inFlight) || inFlight < 1) {
    throw new RangeError(`Cannot create a client budget with inFlight ${inFlight}: expected an integer >= 1`);
  }
  const activity = options.activity ?? createClientActivity(options.sharedMs, options.now);
  const budget = createClientBudget({
    inFlight,
    waiting: options.waiting ?? 6,
    ratePerSecond: options.ratePerSecond ?? 10,
    burst: options.burst ?? 20,
    maxClients: options.maxClients,
    now: options.now,
    limited(client) {
      activity.note(client);
      return activity.shared(client);
    },
  });
  const never = () => false;
  return {
    enter: (client, signal) => budget.enter(client, never, signal),
    stats: () => budget.stats(),
  };
}
