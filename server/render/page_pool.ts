/**
 * Browser pages rendered on every core (issue 35): a pool of page workers (`page_worker.ts`, worker threads, one
 * isolate each, `PAGE_WORKERS`, default one per core) that render the React Router app, while the main thread keeps
 * the middlewares (request log, document cache, page budget, compression of what is not compressed yet), the crawler
 * documents, the images, and the one shared cache of gateway reads the workers' loaders call through it.
 *
 * A request goes to the worker with the fewest renders under way; its answer comes back as a head, then the body
 * chunk by chunk (already compressed for the client), as a streamed `Response`. When the client goes away (the
 * request's signal aborts) or the body is cancelled, the worker is told and aborts that render: its loaders and the
 * render stop and the worker is free. A worker that dies fails the renders it held (a plain `500` when nothing was
 * sent yet) and is replaced. The first worker starts on the first render, or when {@linkcode PagePool.warm} asks;
 * the others once every worker has a render under way.
 *
 * @module
 */
import { Worker } from "node:worker_threads";
import { errorText, logger, logLines } from "../log.ts";
import { onCachedAnswersInvalidated } from "../cache/invalidation.ts";
import { noteErrorState } from "../http/error_state.ts";
import type { PreviewSource } from "../../lib/preview_types.ts";
import { GatewayError } from "../../queries/client.ts";
import type { FromWorker, PageWorkerSettings, ToWorker } from "./page_messages.ts";

/** Options of {@linkcode createPagePool}. */
export interface PagePoolOptions {
  /** Workers (isolates) rendering pages, at least 1. */
  readonly workers: number;
  /** What each worker's load context needs. */
  readonly settings: PageWorkerSettings;
  /** The main thread's gateway fetch: the shared cache of public reads over the checked gateway fetch. */
  readonly gatewayFetch: typeof fetch;
  /** The previews (KV-cached) loaders read. */
  readonly previews: PreviewSource;
  /** The worker's module (tests); default `page_worker.ts`. */
  readonly workerUrl?: URL;
  /** Each worker's young generation, MiB; default {@linkcode YOUNG_GENERATION_MB}. */
  readonly youngGenerationMb?: number;
  /** Each worker's old generation at most, MiB; default {@linkcode OLD_GENERATION_MB}. */
  readonly oldGenerationMb?: number;
  /** Renders one worker holds at once; more wait in order; default {@linkcode RENDERS_PER_WORKER}. */
  readonly rendersPerWorker?: number;
}

/**
 * Renders a worker holds at once. Renders on warm data are CPU work: a few per worker keep it busy, while dozens
 * interleaved only make each slower and hold more memory at once (measured at c=64 with distinct URLs before this cap:
 * 48-58 ms of CPU a render in two workers against 25-31 on the main thread); the rest wait on the main thread, in
 * order. 3 against 6 (three services side by side, two rounds, distinct URLs): 91 against 83 req/s at c=16, 102
 * against 86 at c=64, and the tree's peak 357-379 MiB against 427-434 (6 reached 510-566 MiB over the bench's four
 * rounds).
 */
export const RENDERS_PER_WORKER = 3;

/** How long a worker that stopped twice within 10 s waits before it starts again, ms. */
const RESPAWN_DELAY_MS = 1_000;

/**
 * A page worker's young generation, MiB (48 is V8's default for 64-bit). 16 with the old generation at 128 gave the
 * same req/s as 48 and 256 (97-98 against 90-104 at c=16 and 64, two interleaved rounds) and bounds a worker's heap
 * lower; over the bench's four rounds the tree still reached 503-566 MiB until {@linkcode RENDERS_PER_WORKER} went
 * from 6 to 3: what a worker holds at once, not its limits, set the tree's memory. 8 cost about 15% more CPU a render
 * (more objects promoted while their render awaits).
 */
export const YOUNG_GENERATION_MB = 16;

/**
 * A page worker's old generation at most, MiB: the build and React (about 40 MiB) and its at most
 * {@linkcode RENDERS_PER_WORKER} renders under way, with room.
 */
export const OLD_GENERATION_MB = 128;

/** Counters of a pool, for tests and benchmarks. */
export interface PagePoolStats {
  /** Renders under way, per worker, as each worker counts them. */
  readonly active: number[];
  /** Renders each worker finished (or abandoned). */
  readonly rendered: number[];
  /** Each worker's V8 heap in use, bytes. */
  readonly heapBytes: number[];
  /** Each worker's heap limit, bytes. */
  readonly heapLimitBytes: number[];
}

/** The pool. */
export interface PagePool {
  /**
   * Renders `request` in a worker; `origin` is the load context's. `crawler`: the crawler document (the app
   * without page loaders), answered uncompressed.
   */
  render(request: Request, origin: string, crawler?: boolean): Promise<Response>;
  /** Starts the first worker (it loads the build) without waiting for a render; the others start under load. */
  warm(): void;
  /** What each worker holds, asked of the workers themselves. */
  stats(): Promise<PagePoolStats>;
  /** Terminates the workers; renders under way fail. */
  close(): void;
}

/** A render's main-thread half: its head, then its body stream. */
interface Pending {
  readonly head: PromiseWithResolvers<Response>;
  body: ReadableStreamDefaultController<Uint8Array> | null;
  /** Whether the document showed an error state, as its worker scanned it (`null`: not learnt). */
  readonly errorState: PromiseWithResolvers<boolean | null>;
  done(): void;
}

/** A render asked of the pool. */
interface Job {
  readonly request: Request;
  readonly origin: string;
  readonly crawler: boolean;
  readonly head: PromiseWithResolvers<Response>;
  readonly signal: AbortSignal;
  onAbort: () => void;
}

/** One worker and what it holds. */
interface Slot {
  worker: Worker;
  readonly renders: Map<number, Pending>;
  /** Gateway calls of its loaders under way on this thread, by the worker's call id. */
  readonly fetches: Map<number, AbortController>;
  readonly asked: Map<number, (stats: Extract<FromWorker, { type: "stats" }>) => void>;
  /** Clears of its gateway reads waiting for the worker. */
  readonly clearing: Map<number, () => void>;
  /** It stopped; a new worker takes its place shortly. */
  dead: boolean;
}

/** The plain answer when a worker fails before sending a head: no detail, no address. */
function failure(): Response {
  return new Response("Internal Server Error", {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/** Creates the pool (no worker starts before the first render or {@linkcode PagePool.warm}). */
export function createPagePool(options: PagePoolOptions): PagePool {
  if (!(options.workers >= 1)) throw new RangeError(`Page workers must be at least 1, got ${options.workers}`);
  const workerUrl = options.workerUrl ?? new URL("./page_worker.ts", import.meta.url);
  const rendersPerWorker = options.rendersPerWorker ?? RENDERS_PER_WORKER;
  const slots: Slot[] = [];
  /** When each worker index was last replaced. */
  const replacedAt = new Map<number, number>();
  let nextId = 0;
  let closed = false;

  function spawn(index: number): Slot {
    // A worker thread of node:worker_threads: unlike a web Worker its heap has limits (resourceLimits), and one
    // that runs out of them ends alone (its renders answer 500) and is replaced; the process goes on.
    const worker = new Worker(workerUrl, {
      name: `page-worker-${index}`,
      resourceLimits: {
        maxYoungGenerationSizeMb: options.youngGenerationMb ?? YOUNG_GENERATION_MB,
        maxOldGenerationSizeMb: options.oldGenerationMb ?? OLD_GENERATION_MB,
      },
    });
    const slot: Slot = {
      worker,
      renders: new Map(),
      fetches: new Map(),
      asked: new Map(),
      clearing: new Map(),
      dead: false,
    };
    const send = (message: ToWorker) => worker.postMessage(message);
    worker.on("message", (message: FromWorker) => onMessage(slot, send, message));
    const replace = (reason: string) => {
      if (slot.dead) return;
      slot.dead = true;
      lost(slot);
      if (closed) return;
      logger.error("A page worker stopped; it is replaced", { worker: index, error: reason });
      void worker.terminate();
      // A worker that cannot live (a build that does not fit its heap) is not started again in a tight loop.
      const delay = performance.now() - (replacedAt.get(index) ?? -Infinity) < 10_000 ? RESPAWN_DELAY_MS : 0;
      replacedAt.set(index, performance.now());
      setTimeout(() => {
        const at = slots.indexOf(slot);
        if (at >= 0 && !closed) slots[at] = spawn(index);
        drain();
      }, delay);
    };
    worker.on("error", (error: unknown) => replace(errorText(error)));
    worker.on("exit", (code: number) => replace(`exit code ${code}`));
    send({ type: "init", settings: options.settings });
    return slot;
  }

  /** Fails every render a lost worker held. */
  function lost(slot: Slot): void {
    const held = [...slot.renders.values()];
    slot.renders.clear();
    for (const pending of held) {
      pending.head.resolve(failure());
      try {
        pending.body?.error(new Error("The page worker stopped"));
      } catch {
        // its body had ended
      }
    }
    for (const asked of slot.asked.values()) {
      asked({ type: "stats", id: 0, active: 0, rendered: 0, heapBytes: 0, heapLimitBytes: 0 });
    }
    slot.asked.clear();
    for (const controller of slot.fetches.values()) controller.abort();
    slot.fetches.clear();
    for (const cleared of slot.clearing.values()) cleared();
    slot.clearing.clear();
  }

  function onMessage(slot: Slot, send: (message: ToWorker) => void, message: FromWorker): void {
    switch (message.type) {
      case "head": {
        const pending = slot.renders.get(message.id);
        if (!pending) return;
        if (!message.body) {
          pending.done();
          pending.head.resolve(new Response(null, message));
          return;
        }
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            pending.body = controller;
          },
          cancel() {
            if (slot.renders.has(message.id)) send({ type: "abort", id: message.id });
            pending.done();
            pending.errorState.resolve(null);
          },
        });
        noteErrorState(stream, pending.errorState.promise);
        pending.head.resolve(new Response(stream, message));
        return;
      }
      case "chunk":
        slot.renders.get(message.id)?.body?.enqueue(message.bytes);
        return;
      case "end": {
        const pending = slot.renders.get(message.id);
        pending?.done();
        pending?.errorState.resolve(message.errorState ?? null);
        pending?.body?.close();
        return;
      }
      case "error": {
        const pending = slot.renders.get(message.id);
        if (!pending) return;
        pending.done();
        logger.error("A page render failed in its worker", { error: message.message });
        if (pending.body) pending.body.error(new Error("The page render failed"));
        else pending.head.resolve(failure());
        return;
      }
      case "fetch":
        void gatewayCall(slot, send, message);
        return;
      case "fetch-abort":
        slot.fetches.get(message.id)?.abort(new DOMException("The render was aborted", "AbortError"));
        return;
      case "preview":
        void previewCall(send, message);
        return;
      case "log":
        logLines(message.text);
        return;
      case "stats":
        slot.asked.get(message.id)?.(message);
        slot.asked.delete(message.id);
        return;
      case "cleared":
        slot.clearing.get(message.id)?.();
        slot.clearing.delete(message.id);
        return;
      case "failed":
        logger.error("A page worker cannot load the server build; its pages answer 500", { error: message.message });
        return;
      case "ready":
        return;
    }
  }

  async function gatewayCall(
    slot: Slot,
    send: (message: ToWorker) => void,
    message: Extract<FromWorker, { type: "fetch" }>,
  ): Promise<void> {
    const controller = new AbortController();
    slot.fetches.set(message.id, controller);
    try {
      // Only the configured gateway: whatever URL a loader's client names, the call goes there.
      const response = await options.gatewayFetch(options.settings.graphqlUrl, {
        method: message.method,
        headers: message.headers,
        body: message.body,
        signal: controller.signal,
      });
      const text = await response.text();
      send({
        type: "fetched",
        id: message.id,
        answer: { status: response.status, statusText: response.statusText, headers: [...response.headers], text },
      });
    } catch (error) {
      const kind = error instanceof GatewayError ? error.kind : null;
      const status = error instanceof GatewayError ? error.status : undefined;
      send({ type: "fetched", id: message.id, answer: { error: errorText(error), kind, status } });
    } finally {
      slot.fetches.delete(message.id);
    }
  }

  async function previewCall(
    send: (message: ToWorker) => void,
    message: Extract<FromWorker, { type: "preview" }>,
  ): Promise<void> {
    try {
      const method = options.previews[message.method] as ((...args: string[]) => Promise<unknown>) | undefined;
      const value = method ? await method.apply(options.previews, message.args) : null;
      send({ type: "previewed", id: message.id, value });
    } catch (error) {
      send({ type: "previewed", id: message.id, error: errorText(error) });
    }
  }

  // A purge: every worker forgets the gateway reads it kept (the main thread's shared cache is purged by then).
  const forget = onCachedAnswersInvalidated(async () => {
    await Promise.all(slots.map((slot) => {
      const id = ++nextId;
      const cleared = new Promise<void>((resolve) => slot.clearing.set(id, resolve));
      slot.worker.postMessage({ type: "clear", id } satisfies ToWorker);
      return cleared;
    }));
  });

  function warm(): void {
    if (!closed && slots.length === 0) slots.push(spawn(0));
  }

  /**
   * The live worker with the fewest renders under way (the first of equals), or null while none lives. Another
   * worker starts (up to `workers`) when every one has a render under way: a service that renders one page at a time
   * holds one worker's memory, and one under load uses every core.
   */
  function pick(): Slot | null {
    warm();
    let best: Slot | null = null;
    for (const slot of slots) if (!slot.dead && (best === null || slot.renders.size < best.renders.size)) best = slot;
    if (best !== null && best.renders.size > 0 && slots.length < options.workers && !closed) {
      const added = spawn(slots.length);
      slots.push(added);
      return added;
    }
    return best;
  }

  /** Renders waiting for a worker with room (every live one holds {@linkcode PagePoolOptions.rendersPerWorker}). */
  const waiting: Job[] = [];

  /** Starts waiting renders while a worker has room. */
  function drain(): void {
    while (waiting.length > 0) {
      const slot = pick();
      if (slot === null || slot.renders.size >= rendersPerWorker) return;
      const job = waiting.shift()!;
      job.signal.removeEventListener("abort", job.onAbort);
      start(slot, job);
    }
  }

  function render(request: Request, origin: string, crawler = false): Promise<Response> {
    if (closed || request.signal.aborted) return Promise.resolve(failure());
    const head = Promise.withResolvers<Response>();
    const job: Job = { request, origin, crawler, head, signal: request.signal, onAbort: () => {} };
    const slot = pick();
    if (slot !== null && slot.renders.size < rendersPerWorker && waiting.length === 0) {
      start(slot, job);
      return head.promise;
    }
    // Every worker is full (or none lives yet): wait here, in order; a client that leaves meanwhile costs nothing.
    job.onAbort = () => {
      const at = waiting.indexOf(job);
      if (at >= 0) waiting.splice(at, 1);
      head.resolve(failure());
    };
    job.signal.addEventListener("abort", job.onAbort, { once: true });
    waiting.push(job);
    if (slot === null) setTimeout(drain, RESPAWN_DELAY_MS);
    return head.promise;
  }

  /** Posts `job` to `slot`; its answer resolves `job.head`. */
  function start(slot: Slot, job: Job): void {
    const id = ++nextId;
    const { signal, request } = job;
    const onAbort = () => {
      if (!slot.renders.has(id)) return;
      slot.worker.postMessage({ type: "abort", id } satisfies ToWorker);
      const pending = slot.renders.get(id)!;
      pending.done();
      pending.head.resolve(failure());
      try {
        pending.body?.error(new DOMException("The client went away", "AbortError"));
      } catch {
        // already closed
      }
    };
    const pending: Pending = {
      head: job.head,
      body: null,
      errorState: Promise.withResolvers<boolean | null>(),
      done() {
        if (!slot.renders.delete(id)) return;
        signal.removeEventListener("abort", onAbort);
        // The next waiting render takes its place (after this turn: the answer is handed over first).
        if (waiting.length > 0) queueMicrotask(drain);
      },
    };
    if (signal.aborted) {
      job.head.resolve(failure());
      return;
    }
    slot.renders.set(id, pending);
    signal.addEventListener("abort", onAbort, { once: true });
    const { url, headers } = request;
    slot.worker.postMessage(
      { type: "render", id, url, headers: [...headers], origin: job.origin, crawler: job.crawler } satisfies ToWorker,
    );
  }

  async function stats(): Promise<PagePoolStats> {
    const answers = await Promise.all(
      slots.filter((slot) => !slot.dead).map((slot) => {
        const id = ++nextId;
        const answer = new Promise<Extract<FromWorker, { type: "stats" }>>((resolve) => slot.asked.set(id, resolve));
        slot.worker.postMessage({ type: "stats", id } satisfies ToWorker);
        return answer;
      }),
    );
    return {
      active: answers.map((a) => a.active),
      rendered: answers.map((a) => a.rendered),
      heapBytes: answers.map((a) => a.heapBytes),
      heapLimitBytes: answers.map((a) => a.heapLimitBytes),
    };
  }

  return {
    render,
    warm,
    stats,
    close() {
      closed = true;
      forget();
      for (const job of waiting.splice(0)) job.head.resolve(failure());
      for (const slot of slots) {
        lost(slot);
        void slot.worker.terminate();
      }
      slots.length = 0;
    },
  };
}
