/**
 * The admission stage of the share images: whether an uncached request may
 * start work, by its client's budget (`lib/client_budget.ts`). A request for
 * a card whose lookup or render is under way joins it and costs no budget;
 * one for a card whose first request still waits for its client's budget
 * waits with it, then joins the render or finds the card cached.
 *
 * @module
 */
import { Lru } from "../../lib/lru.ts";
import { type ClientBudgetOptions, createClientBudget } from "../../lib/client_budget.ts";
import { logger } from "../log.ts";
import { CLIENT_BUSY, type ImageResult } from "./image_answer.ts";

/** Options of {@linkcode createAdmission}. */
export interface AdmissionOptions {
  /** The client of a request; without it there is no per-client budget. */
  readonly clientOf?: (request: Request) => string;
  /** The budget's limits, or `false` for none. */
  readonly budget?: ClientBudgetOptions | false;
  /** Render places in all and those taken (`RenderPool.stats()`): the last places are kept for new clients. */
  readonly places: () => { readonly places: number; readonly admitted: number };
}

/** A request let in: `started()` once its work is under way, `release()` once it is done. */
export interface Admitted {
  readonly kind: "admitted";
  started(): void;
  release(): void;
}

/** What admission decided: go ahead, the card was drawn meanwhile, refused (`429`), or the client has gone. */
export type AdmissionOutcome =
  | Admitted
  | { readonly kind: "cached"; readonly png: Uint8Array }
  | { readonly kind: "refused"; readonly result: ImageResult }
  | { readonly kind: "gone" };

/** The admission stage. */
export interface Admission {
  /**
   * Admits an uncached request for the card `key`; `cachedNow` reads the
   * cache again after waiting for another request's admission. A request
   * whose signal aborts while it waits stops waiting (`gone`).
   */
  admit(request: Request, key: string, cachedNow: () => Promise<Uint8Array | null>): Promise<AdmissionOutcome>;
  /** Runs the work of `key`, marked under way meanwhile (requests for it join it, free). */
  underWay<T>(key: string, work: () => Promise<T>): Promise<T>;
}

const FREE: Admitted = { kind: "admitted", started() {}, release() {} };
const GONE: AdmissionOutcome = { kind: "gone" };

/** `promise`, or `null` once `signal` aborts first. */
function unlessGone<T>(promise: Promise<T>, signal: AbortSignal): Promise<T | null> {
  if (signal.aborted) return Promise.resolve(null);
  const { promise: gone, resolve } = Promise.withResolvers<null>();
  const onAbort = () => resolve(null);
  signal.addEventListener("abort", onAbort, { once: true });
  return Promise.race([promise, gone]).finally(() => signal.removeEventListener("abort", onAbort));
}

/** Creates the admission stage. */
export function createAdmission(options: AdmissionOptions): Admission {
  const budget = options.clientOf && options.budget !== false ? createClientBudget(options.budget || {}) : null;
  const clientOf = options.clientOf ?? (() => "");
  /** Keys of the lookups and renders under way (joining one adds no work, so costs no budget). */
  const running = new Set<string>();
  /** Keys whose first uncached request waits for its client's budget: whether it was admitted. */
  const admissions = new Map<string, Promise<boolean>>();
  // Refusals are logged once per client per minute (a flood is thousands).
  const refusalsLogged = new Lru<number>({ maxBytes: Number.MAX_SAFE_INTEGER, maxEntries: 1024 });

  /** The last render places are kept for clients with no uncached request under way. */
  function reserved(): boolean {
    const { places, admitted } = options.places();
    return places - admitted <= Math.max(1, Math.floor(places / 4));
  }

  function refused(client: string, reason: string, retryAfter: number): AdmissionOutcome {
    if ((refusalsLogged.get(client) ?? 0) < Date.now()) {
      refusalsLogged.set(client, Date.now() + 60_000, 1);
      logger.warn("Share images refused: a client's budget of uncached images is spent", {
        client,
        reason,
        budget: budget?.stats(),
      });
    }
    return { kind: "refused", result: { status: 429, body: CLIENT_BUSY, retryAfter } };
  }

  async function admit(
    request: Request,
    key: string,
    cachedNow: () => Promise<Uint8Array | null>,
  ): Promise<AdmissionOutcome> {
    if (!budget) return FREE;
    const signal = request.signal;
    // After a refusal of the request it waited for, a request asks its own budget.
    let admitting = running.has(key) ? undefined : admissions.get(key);
    while (admitting) {
      const admitted = await unlessGone(admitting, signal);
      if (admitted === null) return GONE;
      if (admitted) {
        const png = await cachedNow();
        if (png) return { kind: "cached", png };
      }
      admitting = running.has(key) ? undefined : admissions.get(key);
    }
    if (running.has(key)) return FREE;
    const client = clientOf(request);
    const admission = Promise.withResolvers<boolean>();
    admissions.set(key, admission.promise);
    const settle = (admitted: boolean) => {
      if (admissions.get(key) === admission.promise) admissions.delete(key);
      admission.resolve(admitted);
    };
    let entry: Awaited<ReturnType<typeof budget.enter>>;
    try {
      entry = await budget.enter(client, reserved, signal);
    } catch (error) {
      settle(false);
      throw error;
    }
    if (!entry.ok) {
      settle(false);
      return entry.reason === "gone" ? GONE : refused(client, entry.reason, entry.retryAfterSeconds);
    }
    return { kind: "admitted", started: () => settle(true), release: entry.release };
  }

  async function underWay<T>(key: string, work: () => Promise<T>): Promise<T> {
    running.add(key);
    try {
      return await work();
    } finally {
      running.delete(key);
    }
  }

  return { admit, underWay };
}
