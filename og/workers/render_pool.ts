/**
 * The render workers: logo decoding and card drawing run in a pool of
 * worker processes (`render_worker.ts`), so the service keeps serving cached
 * images and pages while cards are drawn, and a card that runs away can be
 * stopped for real.
 *
 * - **Size**: at most `workers` processes (`RENDER_WORKERS`, default CPU
 *   cores), each drawing one card at a time. Workers start on demand: a
 *   card waiting with no idle worker and none starting for it starts one
 *   (`warm()` starts one at once, for whoever asks), and a worker idle
 *   for `idleMs` (default 30 s) is retired (logged), so an idle service
 *   holds none. A worker is not started while the process tree (this
 *   process at the largest size it had while cards were drawn, and its
 *   workers, resident memory from `/proc`) plus one more worker of the
 *   largest size seen and 32 MiB of room would pass `treeMemoryMb` (default
 *   480: on a 2-core host a worker on each core beside the service, as
 *   measured under load); one always may.
 *   A worker that finishes a card while the tree is over that budget (the
 *   service's own memory grows under load) is retired if another remains.
 * - **Admission**: {@linkcode RenderPool.admit} hands out at most
 *   `workers + queue` places (`RENDER_QUEUE`); the image handler takes one
 *   before any preview lookup or logo fetch, and answers 503 without one.
 * - **Deadline**: a job running longer than `timeoutMs` (`RENDER_TIMEOUT_MS`)
 *   fails with {@linkcode RenderAbortedError}; its worker is killed
 *   (SIGKILL: CPU and memory come back at once) and replaced.
 * - **Memory**: while a job runs, the worker's resident memory is read every
 *   50 ms (`/proc`); past the budget (default 512 MiB) it is killed and
 *   replaced the same way. Its V8 heap is capped at the budget too
 *   (`--max-old-space-size`). A worker left over the budget after a job is
 *   replaced before the next one.
 * - **Renderer**: each worker loads it (native resvg when it loads, else
 *   wasm); this process never does while workers draw.
 * - **Why processes** (`render_process.ts` starts, talks to and kills one):
 *   a busy Deno Worker cannot be stopped, a process can.
 * - Where processes cannot be started (Deno Deploy), jobs run on the main
 *   thread, `workers` at a time, without a deadline (logged once).
 *
 * Its options, interface, counters and {@linkcode RenderAbortedError} are
 * declared in `render_pool_types.ts` and re-exported here.
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { errorText, logger } from "../log.ts";
import type { CardJob } from "../job/card_job.ts";
import type { RenderTimings } from "../raster/render.ts";
import { chooseRenderer, type RendererInfo, type RendererName } from "../raster/resvg.ts";
import { type RenderProcess, startRenderProcess } from "./render_process.ts";
import type { WorkerReply, WorkerRequest } from "./render_worker.ts";
import { createTreeMemory, releaseFreeMemory, residentBytes } from "./tree_memory.ts";
import {
  RenderAbortedError,
  RenderCancelledError,
  type RenderOutput,
  type RenderPool,
  type RenderPoolOptions,
} from "./render_pool_types.ts";

export { RenderAbortedError, RenderCancelledError } from "./render_pool_types.ts";
export type { RenderOutput, RenderPool, RenderPoolOptions, RenderPoolStats } from "./render_pool_types.ts";

interface Job {
  readonly job: CardJob;
  readonly resolve: (output: RenderOutput) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  readonly process: RenderProcess;
  ready: boolean;
  current: (Job & { id: number; started: number; timer: ReturnType<typeof setTimeout> }) | null;
  /** Set once the slot is being replaced: its events are ignored. */
  retired: boolean;
  /** Retires the worker when it stays idle (set while it has no work). */
  idleTimer: ReturnType<typeof setTimeout> | null;
  /** Drawing its warm-up cards (free again soon: cards wait for it rather than start another worker). */
  warming: boolean;
  /** Draw warm-up cards when ready with no card waiting (not for a worker started for a card on its way). */
  readonly warmUp: boolean;
}

const MIB = 1024 * 1024;

/** Creates the pool; workers start on the first `warm` or `run`. */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  const size = options.workers;
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`Cannot create a render pool of ${size} workers: expected an integer >= 1`);
  }
  const budgetMb = options.memoryBudgetMb ?? 512;
  const budget = budgetMb * MIB;
  const places = size + Math.max(0, options.queue);
  const entry = fileURLToPath(options.workerUrl ?? new URL("./render_worker.ts", import.meta.url));
  const idleMs = options.idleMs ?? 30_000;
  const treeBudget = (options.treeMemoryMb ?? 480) * MIB;
  const tree = createTreeMemory({ budgetBytes: treeBudget });
  const pids = () => slots.map((slot) => slot.process.pid);
  let admitted = 0;
  let replaced = 0;
  let retiredIdle = 0;
  let cancelled = 0;
  let nextId = 1;
  let closed = false;
  let inline = options.inline ?? false;
  let inlineRunning = 0;
  let inlineFonts: import("../assets/fonts.ts").DefaultFontLoader | undefined;
  let startFailures = 0;
  /** What workers are asked to draw with; each chooses itself (native when it loads, else wasm). */
  const rendererName: RendererName = options.renderer ?? "native";
  /** What the first worker that became ready draws with (it loads the renderer itself). */
  let workerRenderer: RendererInfo | undefined;
  const waiting: Job[] = [];
  const slots: Slot[] = [];
  /** Callers of `warm` waiting for a worker to be ready. */
  let readyWaiters: PromiseWithResolvers<void>[] = [];
  /** Whether a card or `warm` asked for workers (they may start). */
  let launched = false;
  let memoryTimer: ReturnType<typeof setInterval> | null = null;

  function logRenderer(info: RendererInfo): void {
    logger.info("Share images: renderer chosen", {
      renderer: info.name,
      package: info.package,
      ...(info.fallbackReason ? { fallbackReason: info.fallbackReason } : {}),
      workers: inline ? 0 : size,
      timeoutMs: options.timeoutMs,
      queue: options.queue,
    });
  }

  /**
   * The renderer of this thread, for inline pools only: the service's
   * process never loads resvg while workers draw (memory, and a first card
   * that does not wait for the addon to load here before its worker starts).
   */
  let chosen: Promise<RendererInfo> | null = null;
  function inlineRenderer(): Promise<RendererInfo> {
    chosen ??= chooseRenderer(options.renderer ?? null).then((info) => {
      logRenderer(info);
      return info;
    });
    return chosen;
  }

  function runInline(entry: Job): void {
    inlineRunning++;
    (async () => {
      const [{ drawCard }, { createDefaultFontLoader }, { selectRenderer }] = await Promise.all([
        import("../job/draw.tsx"),
        import("../assets/fonts.ts"),
        import("../raster/resvg.ts"),
      ]);
      await selectRenderer(options.renderer ?? null);
      inlineFonts ??= createDefaultFontLoader(options.staticDir);
      let timings: RenderTimings | null = null;
      const png = await drawCard(entry.job, { fonts: inlineFonts, onTimings: (t) => timings = t });
      return { png, timings };
    })().then(entry.resolve, entry.reject).finally(() => {
      inlineRunning--;
      dispatch();
    });
  }

  /** Runs the jobs on the main thread from now on (no processes on this host, or they keep failing). */
  function goInline(reason: string): void {
    if (inline) return;
    logger.error("Share images: render workers cannot start; drawing on the main thread", { error: reason });
    inline = true;
    resolveReady();
    dispatch();
  }

  /** Starts a worker; `warmUp`: it draws warm-up cards if no card waits once it is ready. */
  function spawn(warmUp = true): void {
    if (closed || inline) return;
    let slot: Slot;
    try {
      const process = startRenderProcess({
        entry,
        heapMb: budgetMb,
        init: { type: "init", staticDir: options.staticDir, renderer: rendererName },
        onReply: (reply) => onReply(slot, reply),
        onExit: (status) => {
          retire(slot, new RenderAbortedError("crashed", `render worker exited (${status.signal ?? status.code})`));
        },
      });
      slot = { process, ready: false, current: null, retired: false, idleTimer: null, warming: false, warmUp };
    } catch (error) {
      goInline(errorText(error));
      return;
    }
    slots.push(slot);
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.retired) return;
    if (reply.type === "ready") {
      slot.ready = true;
      startFailures = 0;
      if (!workerRenderer) {
        workerRenderer = reply.renderer;
        logRenderer(reply.renderer);
      } else if (reply.renderer.name !== workerRenderer.name) {
        logger.warn("Share images: a render worker uses another renderer", {
          renderer: reply.renderer.name,
          reason: reply.renderer.fallbackReason,
        });
      }
      // Not noted as a worker's size: a worker that has drawn nothing holds less than one drawing cards (about 95
      // against 135-150 MiB), and counting it so let a second worker start beyond the tree's budget.
      logger.info("Share images: render worker ready", {
        startMs: Math.round(reply.startMs),
        satori: reply.satori,
        rss: reply.memory.rss,
        workers: slots.length,
      });
      // An idle worker does not keep the process alive (one drawing does).
      slot.process.unref();
      resolveReady();
      // With no card waiting, the new worker pays its first-call costs now;
      // a card already waiting is drawn at once instead.
      if (waiting.length === 0 && slot.warmUp && (options.warmWorkers ?? true)) warmSlot(slot);
      dispatch();
      return;
    }
    if (reply.type === "startFailed") {
      retireQuietly(slot);
      goInline(reply.message);
      return;
    }
    const current = slot.current;
    if (!current || current.id !== reply.id) return;
    clearTimeout(current.timer);
    slot.current = null;
    slot.warming = false;
    slot.process.unref();
    tree.noteWorker(reply.memory.rss);
    if (reply.type === "done") current.resolve({ png: reply.png, timings: reply.timings });
    else current.reject(new Error(reply.message));
    // The last card of a burst: what its requests freed goes back to the system (see trimWhenGrown).
    if (waiting.length === 0 && !slots.some((s) => s.current)) trimWhenGrown(8 * MIB);
    if (reply.memory.rss > budget) {
      logger.info("Share images: render worker replaced: a job left it over its memory budget", {
        rss: reply.memory.rss,
        budget,
      });
      replace(slot, null);
    } else if (slots.length > 1 && (tree.bytes(pids()) ?? 0) > treeBudget) {
      // The tree grew past its budget since this worker started (the
      // service's own memory grows under load): one worker fewer.
      logger.info("Share images: render worker retired: the process tree is over its memory budget", {
        tree: tree.bytes(pids()),
        treeBudget,
      });
      retireQuietly(slot);
      retiredIdle++;
    }
    dispatch();
  }

  function remove(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function retireQuietly(slot: Slot): void {
    slot.retired = true;
    if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
    remove(slot);
    slot.process.kill();
  }

  /** Ends the slot's job with `error` (if any) and kills its process; another starts when a card waits. */
  function replace(slot: Slot, error: RenderAbortedError | null): void {
    if (slot.retired) return;
    const wasReady = slot.ready;
    retireQuietly(slot);
    if (slot.current) {
      clearTimeout(slot.current.timer);
      slot.current.reject(error ?? new RenderAbortedError("crashed", "render worker replaced"));
      slot.current = null;
    }
    if (error) replaced++;
    if (!wasReady && ++startFailures >= 3) {
      goInline(error?.message ?? "render worker stopped before it was ready");
      return;
    }
    // A caller of warm() still waits for a worker.
    if (readyWaiters.length > 0 && slots.length === 0) spawn();
    dispatch();
  }

  function retire(slot: Slot, error: RenderAbortedError): void {
    if (slot.retired || closed) return;
    logger.warn("Share images: render worker stopped", { reason: error.reason, error: error.message });
    replace(slot, error);
    dispatch();
  }

  function dispatch(): void {
    while (waiting.length > 0) {
      if (inline) {
        if (inlineRunning >= size) return;
        runInline(waiting.shift()!);
        continue;
      }
      const slot = slots.find((s) => s.ready && !s.current && !s.retired);
      if (!slot) break;
      assign(slot, waiting.shift()!, "job");
    }
    if (!inline && launched && waiting.length > 0) grow(waiting.length);
    for (const slot of slots) if (slot.ready && !slot.current && slot.idleTimer === null) idle(slot);
  }

  /** Starts workers for `cards` waiting ones, beyond those starting, within `workers` and the tree's budget. */
  function grow(cards: number): void {
    let needed = cards - slots.filter((s) => !s.ready || s.warming).length;
    while (needed-- > 0 && slots.length < size && !closed && !inline) {
      if (slots.length > 0 && !tree.mayStart(pids())) return;
      spawn();
    }
  }

  /** Retires `slot` if it stays without work for `idleMs`. */
  function idle(slot: Slot): void {
    slot.idleTimer = setTimeout(() => {
      slot.idleTimer = null;
      if (slot.retired || slot.current || closed) return;
      retireQuietly(slot);
      retiredIdle++;
      // The load is over: this process's allocator gives back what the cards' requests freed.
      if (slots.length === 0) trimSelf();
      logger.info("Share images: idle render worker retired", {
        idleMs,
        workers: slots.length,
        rss: residentBytes(Deno.pid),
      });
    }, idleMs);
    Deno.unrefTimer(slot.idleTimer);
  }

  function resolveReady(): void {
    for (const waiter of readyWaiters) waiter.resolve();
    readyWaiters = [];
  }

  function warmSlot(slot: Slot): void {
    const warm: CardJob = { kind: "default", emojiSet: "twemoji", dynamicAssets: false };
    assign(slot, { job: warm, resolve: () => {}, reject: () => {} }, "warm");
    slot.warming = true;
  }

  /** Hands `job` to the idle `slot` under the deadline. */
  function assign(slot: Slot, job: Job, type: "job" | "warm"): void {
    const id = nextId++;
    const timer = setTimeout(() => {
      logger.warn("Share images: render job past its deadline; worker killed and replaced", {
        kind: type === "warm" ? "warm-up" : job.job.kind,
        timeoutMs: options.timeoutMs,
      });
      replace(slot, new RenderAbortedError("timeout", `not drawn within ${options.timeoutMs} ms`));
      dispatch();
    }, options.timeoutMs);
    slot.current = { ...job, id, started: performance.now(), timer };
    watchMemory();
    if (slot.idleTimer !== null) {
      clearTimeout(slot.idleTimer);
      slot.idleTimer = null;
    }
    slot.process.ref();
    const request: WorkerRequest = type === "warm" ? { type, id } : { type, id, job: job.job };
    slot.process.send(request);
  }

  /** Reads the drawing workers' memory every 50 ms while any draws (an idle pool wakes for nothing). */
  function watchMemory(): void {
    if (memoryTimer !== null || closed || inline) return;
    memoryTimer = setInterval(() => {
      let busy = false;
      for (const slot of [...slots]) {
        if (!slot.current) continue;
        busy = true;
        const rss = residentBytes(slot.process.pid);
        if (rss !== null) tree.noteWorker(rss);
        if (rss === null || rss <= budget) continue;
        logger.warn("Share images: render worker over its memory budget; killed and replaced", {
          kind: slot.current.job.kind,
          rss,
          budget,
        });
        replace(slot, new RenderAbortedError("memory", `over the memory budget of ${budgetMb} MiB`));
      }
      if (busy) {
        tree.noteSelf();
        trimWhenGrown();
      } else {
        clearInterval(memoryTimer!);
        memoryTimer = null;
      }
      dispatch();
    }, 50);
    Deno.unrefTimer(memoryTimer);
  }

  /** This process's resident bytes after the last trim (`null`: none yet). */
  let trimmedAt: { rss: number; time: number } | null = null;
  function trimSelf(): void {
    if (!releaseFreeMemory()) return;
    trimmedAt = { rss: residentBytes(Deno.pid) ?? 0, time: performance.now() };
  }

  /**
   * While cards are drawn, this process's native memory (KV, HTTP and fetch
   * buffers of the requests) is freed but kept by the allocator: once it has
   * grown by `growth` (32 MiB while drawing, 8 MiB when a burst's last card is
   * done) since the last trim, at most once a second, give it back.
   */
  function trimWhenGrown(growth = 32 * MIB): void {
    const rss = residentBytes(Deno.pid);
    if (rss === null) return;
    if (trimmedAt === null) trimmedAt = { rss, time: performance.now() };
    else if (rss - trimmedAt.rss > growth && performance.now() - trimmedAt.time > 1000) trimSelf();
  }

  /** Lets workers start (each chooses its renderer: the service's process loads none). */
  function start(): Promise<void> {
    launched = true;
    return Promise.resolve();
  }

  async function warm(): Promise<RendererInfo> {
    await start();
    if (!inline && !slots.some((slot) => slot.ready)) {
      const ready = Promise.withResolvers<void>();
      readyWaiters.push(ready);
      if (slots.length === 0) spawn();
      await ready.promise;
    }
    return workerRenderer ?? await inlineRenderer();
  }

  return {
    admit() {
      if (closed || admitted >= places) return null;
      admitted++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        admitted--;
      };
    },
    run(job, signal) {
      if (closed) return Promise.reject(new Error("Cannot draw: the render pool is closed"));
      if (signal?.aborted) {
        cancelled++;
        return Promise.reject(new RenderCancelledError());
      }
      const { promise, resolve, reject } = Promise.withResolvers<RenderOutput>();
      const entry: Job = { job, resolve, reject };
      waiting.push(entry);
      if (signal) {
        // Everyone who asked has gone: a job still queued leaves the queue (one a worker took is finished).
        const drop = () => {
          const index = waiting.indexOf(entry);
          if (index < 0) return;
          waiting.splice(index, 1);
          cancelled++;
          reject(new RenderCancelledError());
        };
        signal.addEventListener("abort", drop, { once: true });
        promise.then(() => signal.removeEventListener("abort", drop), () => signal.removeEventListener("abort", drop));
      }
      start().then(dispatch, (error) => {
        const index = waiting.findIndex((entry) => entry.resolve === resolve);
        if (index >= 0) waiting.splice(index, 1);
        reject(error);
      });
      return promise;
    },
    prepare() {
      if (closed || inline) return;
      start().then(() => {
        // No warm-up: the card is on its way, and would wait behind it.
        if (!closed && !inline && slots.length === 0) spawn(false);
      }, () => {});
    },
    warm,
    async renderer() {
      if (workerRenderer) return workerRenderer;
      return inline ? await inlineRenderer() : await warm();
    },
    stats() {
      return {
        workers: slots.length,
        running: inline ? inlineRunning : slots.filter((s) => s.current).length,
        waiting: waiting.length,
        cancelled,
        admitted,
        places,
        replaced,
        retired: retiredIdle,
        workerPids: pids(),
        inline,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (memoryTimer !== null) clearInterval(memoryTimer);
      const error = new Error("Cannot draw: the render pool is closed");
      for (const entry of waiting.splice(0)) entry.reject(error);
      resolveReady();
      const all = slots.splice(0);
      for (const slot of all) {
        slot.retired = true;
        if (slot.current) {
          clearTimeout(slot.current.timer);
          slot.current.reject(error);
          slot.current = null;
        }
        // Awaiting an unreferenced child's exit would not keep this process alive.
        slot.process.ref();
        slot.process.kill();
      }
      await Promise.all(all.map((slot) => slot.process.status));
    },
  };
}
