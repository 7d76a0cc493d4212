/**
 * The render workers: logo decoding and card drawing run in a pool of
 * worker processes (`render_worker.ts`), so the service keeps serving cached
 * images and pages while cards are drawn, and a card that runs away can be
 * stopped for real.
 *
 * - **Size**: at most `workers` processes (`RENDER_WORKERS`, default CPU
 *   cores), each drawing one card at a time, with the next card sent to it
 *   ahead (it begins it as the last ends, not after a round trip through
 *   this thread; a card sent ahead to a worker that is replaced waits first
 *   in line for another). Workers start on demand: a
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
 * declared in `render_pool_types.ts` and re-exported here. The pool's state
 * is one record ({@linkcode PoolCore}) that the small functions below share:
 * the worker slots' lifecycle, dispatch, the memory watch, the inline
 * fallback, and the public face ({@linkcode poolFace}).
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
import {
  collectGarbageSoon,
  createTreeMemory,
  releaseFreeMemory,
  residentBytes,
  type TreeMemory,
} from "./tree_memory.ts";
import type { DefaultFontLoader } from "../assets/fonts.ts";
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
  /**
   * A card already sent to the worker while it draws `current`: it starts the moment `current` ends, without a
   * round trip through this thread (a worker alone drew 66% of the time at c=16 waiting for its next card).
   */
  next: (Job & { id: number; type: "job" | "warm" }) | null;
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

/** The pool's settings and mutable state, shared by the functions below. */
interface PoolCore {
  readonly options: RenderPoolOptions;
  readonly size: number;
  readonly budgetMb: number;
  readonly budget: number;
  readonly places: number;
  /** Path of the worker's entry module. */
  readonly entry: string;
  readonly idleMs: number;
  readonly treeBudget: number;
  readonly tree: TreeMemory;
  /** What workers are asked to draw with; each chooses itself (native when it loads, else wasm). */
  readonly rendererName: RendererName;
  readonly waiting: Job[];
  readonly slots: Slot[];
  admitted: number;
  replaced: number;
  retiredIdle: number;
  cancelled: number;
  nextId: number;
  closed: boolean;
  inline: boolean;
  inlineRunning: number;
  inlineFonts: DefaultFontLoader | undefined;
  startFailures: number;
  /** What the first worker that became ready draws with (it loads the renderer itself). */
  workerRenderer: RendererInfo | undefined;
  /** Callers of `warm` waiting for a worker to be ready. */
  readyWaiters: PromiseWithResolvers<void>[];
  /** Whether a card or `warm` asked for workers (they may start). */
  launched: boolean;
  memoryTimer: ReturnType<typeof setInterval> | null;
  /** This process's resident bytes after the last trim (`null`: none yet). */
  trimmedAt: { rss: number; time: number } | null;
  /** The renderer of this thread, for inline pools only. */
  chosen: Promise<RendererInfo> | null;
}

/** The pool's state from its options (throws for a size that is not a positive integer). */
function poolCore(options: RenderPoolOptions): PoolCore {
  const size = options.workers;
  if (!Number.isInteger(size) || size < 1) {
    throw new Error(`Cannot create a render pool of ${size} workers: expected an integer >= 1`);
  }
  const budgetMb = options.memoryBudgetMb ?? 512;
  const treeBudget = (options.treeMemoryMb ?? 480) * MIB;
  return {
    options,
    size,
    budgetMb,
    budget: budgetMb * MIB,
    places: size + Math.max(0, options.queue),
    entry: fileURLToPath(options.workerUrl ?? new URL("./render_worker.ts", import.meta.url)),
    idleMs: options.idleMs ?? 30_000,
    treeBudget,
    tree: createTreeMemory({ budgetBytes: treeBudget, read: options.readResident }),
    rendererName: options.renderer ?? "native",
    waiting: [],
    slots: [],
    admitted: 0,
    replaced: 0,
    retiredIdle: 0,
    cancelled: 0,
    nextId: 1,
    closed: false,
    inline: options.inline ?? false,
    inlineRunning: 0,
    inlineFonts: undefined,
    startFailures: 0,
    workerRenderer: undefined,
    readyWaiters: [],
    launched: false,
    memoryTimer: null,
    trimmedAt: null,
    chosen: null,
  };
}

function pidsOf(core: PoolCore): number[] {
  return core.slots.map((slot) => slot.process.pid);
}

function logRenderer(core: PoolCore, info: RendererInfo): void {
  logger.info("Share images: renderer chosen", {
    renderer: info.name,
    package: info.package,
    ...(info.fallbackReason ? { fallbackReason: info.fallbackReason } : {}),
    workers: core.inline ? 0 : core.size,
    timeoutMs: core.options.timeoutMs,
    queue: core.options.queue,
  });
}

/**
 * The renderer of this thread, for inline pools only: the service's
 * process never loads resvg while workers draw (memory, and a first card
 * that does not wait for the addon to load here before its worker starts).
 */
function inlineRenderer(core: PoolCore): Promise<RendererInfo> {
  core.chosen ??= chooseRenderer(core.options.renderer ?? null).then((info) => {
    logRenderer(core, info);
    return info;
  });
  return core.chosen;
}

function runInline(core: PoolCore, entry: Job): void {
  core.inlineRunning++;
  (async () => {
    const [{ drawCard }, { createDefaultFontLoader }, { selectRenderer }] = await Promise.all([
      import("../job/draw.tsx"),
      import("../assets/fonts.ts"),
      import("../raster/resvg.ts"),
    ]);
    await selectRenderer(core.options.renderer ?? null);
    core.inlineFonts ??= createDefaultFontLoader(core.options.staticDir);
    let timings: RenderTimings | null = null;
    const png = await drawCard(entry.job, { fonts: core.inlineFonts, onTimings: (t) => timings = t });
    return { png, timings };
  })().then(entry.resolve, entry.reject).finally(() => {
    core.inlineRunning--;
    dispatch(core);
  });
}

/** Runs the jobs on the main thread from now on (no processes on this host, or they keep failing). */
function goInline(core: PoolCore, reason: string): void {
  if (core.inline) return;
  logger.error("Share images: render workers cannot start; drawing on the main thread", { error: reason });
  core.inline = true;
  resolveReady(core);
  dispatch(core);
}

/** Starts a worker; `warmUp`: it draws warm-up cards if no card waits once it is ready. */
function spawn(core: PoolCore, warmUp = true): void {
  if (core.closed || core.inline) return;
  let slot: Slot;
  try {
    const process = startRenderProcess({
      entry: core.entry,
      heapMb: core.budgetMb,
      init: { type: "init", staticDir: core.options.staticDir, renderer: core.rendererName },
      onReply: (reply) => onReply(core, slot, reply),
      onExit: (status) => {
        retire(core, slot, new RenderAbortedError("crashed", `render worker exited (${status.signal ?? status.code})`));
      },
    });
    slot = {
      process,
      ready: false,
      current: null,
      next: null,
      retired: false,
      idleTimer: null,
      warming: false,
      warmUp,
    };
  } catch (error) {
    goInline(core, errorText(error));
    return;
  }
  core.slots.push(slot);
}

/** A worker is ready: noted, logged, warmed up when no card waits, and given work. */
function onReady(core: PoolCore, slot: Slot, reply: Extract<WorkerReply, { type: "ready" }>): void {
  slot.ready = true;
  core.startFailures = 0;
  if (!core.workerRenderer) {
    core.workerRenderer = reply.renderer;
    logRenderer(core, reply.renderer);
  } else if (reply.renderer.name !== core.workerRenderer.name) {
    logger.warn("Share images: a render worker uses another renderer", {
      renderer: reply.renderer.name,
      reason: reply.renderer.fallbackReason,
    });
  }
  // Not noted as a worker's size: a worker that has drawn nothing holds less than one drawing cards (about 95
  // against 105-150 MiB), and counting it so let a second worker start beyond the tree's budget.
  logger.info("Share images: render worker ready", {
    startMs: Math.round(reply.startMs),
    satori: reply.satori,
    rss: reply.memory.rss,
    workers: core.slots.length,
  });
  // An idle worker does not keep the process alive (one drawing does).
  slot.process.unref();
  resolveReady(core);
  // With no card waiting, the new worker pays its first-call costs now;
  // a card already waiting is drawn at once instead.
  if (core.waiting.length === 0 && slot.warmUp && (core.options.warmWorkers ?? true)) warmSlot(core, slot);
  dispatch(core);
}

function onReply(core: PoolCore, slot: Slot, reply: WorkerReply): void {
  if (slot.retired) return;
  if (reply.type === "ready") return onReady(core, slot, reply);
  if (reply.type === "startFailed") {
    retireQuietly(core, slot);
    goInline(core, reply.message);
    return;
  }
  const current = slot.current;
  if (!current || current.id !== reply.id) return;
  clearTimeout(current.timer);
  slot.current = null;
  slot.warming = false;
  core.tree.noteWorker(reply.memory.rss);
  if (reply.type === "done") current.resolve({ png: reply.png, timings: reply.timings });
  else current.reject(new Error(reply.message));
  // Whether this worker goes, decided before it begins the card sent ahead to it: a worker that goes takes no
  // card with it (replace() puts that card first in line for another), so none waits for a worker that is gone.
  if (reply.memory.rss > core.budget) {
    logger.info("Share images: render worker replaced: a job left it over its memory budget", {
      rss: reply.memory.rss,
      budget: core.budget,
    });
    replace(core, slot, null);
  } else if (core.slots.length > 1 && (core.tree.bytes(pidsOf(core)) ?? 0) > core.treeBudget) {
    // The tree grew past its budget since this worker started (the
    // service's own memory grows under load): one worker fewer.
    logger.info("Share images: render worker retired: the process tree is over its memory budget", {
      tree: core.tree.bytes(pidsOf(core)),
      treeBudget: core.treeBudget,
    });
    replace(core, slot, null);
    core.retiredIdle++;
  } else if (slot.next !== null) {
    const { type, ...next } = slot.next;
    slot.next = null;
    slot.current = { ...next, started: performance.now(), timer: deadline(core, slot, next.job, type) };
  } else slot.process.unref();
  // The last card of a burst: what its requests freed goes back to the system (see trimWhenGrown).
  if (core.waiting.length === 0 && !core.slots.some((s) => s.current)) trimWhenGrown(core, 8 * MIB);
  dispatch(core);
}

function retireQuietly(core: PoolCore, slot: Slot): void {
  slot.retired = true;
  if (slot.idleTimer !== null) clearTimeout(slot.idleTimer);
  const index = core.slots.indexOf(slot);
  if (index >= 0) core.slots.splice(index, 1);
  slot.process.kill();
}

/** Ends the slot's job with `error` (if any) and kills its process; another starts when a card waits. */
function replace(core: PoolCore, slot: Slot, error: RenderAbortedError | null): void {
  if (slot.retired) return;
  const wasReady = slot.ready;
  retireQuietly(core, slot);
  if (slot.current) {
    clearTimeout(slot.current.timer);
    slot.current.reject(error ?? new RenderAbortedError("crashed", "render worker replaced"));
    slot.current = null;
  }
  // The card sent after it was not begun: it waits for another worker, first in line.
  if (slot.next !== null) {
    const { job, resolve, reject, type } = slot.next;
    if (type === "job") core.waiting.unshift({ job, resolve, reject });
    slot.next = null;
  }
  if (error) core.replaced++;
  if (!wasReady && ++core.startFailures >= 3) {
    goInline(core, error?.message ?? "render worker stopped before it was ready");
    return;
  }
  // A caller of warm() still waits for a worker.
  if (core.readyWaiters.length > 0 && core.slots.length === 0) spawn(core);
  dispatch(core);
}

function retire(core: PoolCore, slot: Slot, error: RenderAbortedError): void {
  if (slot.retired || core.closed) return;
  logger.warn("Share images: render worker stopped", { reason: error.reason, error: error.message });
  replace(core, slot, error);
  dispatch(core);
}

function dispatch(core: PoolCore): void {
  const { waiting, slots } = core;
  while (waiting.length > 0) {
    if (core.inline) {
      if (core.inlineRunning >= core.size) return;
      runInline(core, waiting.shift()!);
      continue;
    }
    // An idle worker first; else one drawing a card with none sent after it (not one warming up).
    const slot = slots.find((s) => s.ready && !s.current && !s.retired) ??
      slots.find((s) => s.ready && s.current && !s.next && !s.warming && !s.retired);
    if (!slot) break;
    assign(core, slot, waiting.shift()!, "job");
  }
  if (!core.inline && core.launched && waiting.length > 0) grow(core, waiting.length);
  for (const slot of slots) if (slot.ready && !slot.current && slot.idleTimer === null) idle(core, slot);
}

/** Starts workers for `cards` waiting ones, beyond those starting, within `workers` and the tree's budget. */
function grow(core: PoolCore, cards: number): void {
  let needed = cards - core.slots.filter((s) => !s.ready || s.warming).length;
  while (needed-- > 0 && core.slots.length < core.size && !core.closed && !core.inline) {
    if (core.slots.length > 0 && !core.tree.mayStart(pidsOf(core))) return;
    spawn(core);
  }
}

/** Retires `slot` if it stays without work for `idleMs`. */
function idle(core: PoolCore, slot: Slot): void {
  slot.idleTimer = setTimeout(() => {
    slot.idleTimer = null;
    if (slot.retired || slot.current || core.closed) return;
    retireQuietly(core, slot);
    core.retiredIdle++;
    // The load is over: this process's allocator gives back what the cards' requests freed.
    if (core.slots.length === 0) trimSelf(core);
    logger.info("Share images: idle render worker retired", {
      idleMs: core.idleMs,
      workers: core.slots.length,
      rss: residentBytes(Deno.pid),
    });
  }, core.idleMs);
  Deno.unrefTimer(slot.idleTimer);
}

function resolveReady(core: PoolCore): void {
  for (const waiter of core.readyWaiters) waiter.resolve();
  core.readyWaiters = [];
}

function warmSlot(core: PoolCore, slot: Slot): void {
  const warm: CardJob = { kind: "default", emojiSet: "twemoji", dynamicAssets: false };
  assign(core, slot, { job: warm, resolve: () => {}, reject: () => {} }, "warm");
  slot.warming = true;
}

/** The deadline of a card `slot` begins drawing now: past it the worker is killed and replaced. */
function deadline(core: PoolCore, slot: Slot, job: CardJob, type: "job" | "warm"): ReturnType<typeof setTimeout> {
  return setTimeout(() => {
    logger.warn("Share images: render job past its deadline; worker killed and replaced", {
      kind: type === "warm" ? "warm-up" : job.kind,
      timeoutMs: core.options.timeoutMs,
    });
    replace(core, slot, new RenderAbortedError("timeout", `not drawn within ${core.options.timeoutMs} ms`));
    dispatch(core);
  }, core.options.timeoutMs);
}

/**
 * Hands `job` to `slot`: drawn at once under the deadline when the worker is idle, else sent as its next card (its
 * deadline starts when the worker begins it).
 */
function assign(core: PoolCore, slot: Slot, job: Job, type: "job" | "warm"): void {
  const id = core.nextId++;
  const request: WorkerRequest = type === "warm" ? { type, id } : { type, id, job: job.job };
  if (slot.current !== null) {
    slot.next = { ...job, id, type };
    slot.process.send(request);
    return;
  }
  slot.current = { ...job, id, started: performance.now(), timer: deadline(core, slot, job.job, type) };
  watchMemory(core);
  if (slot.idleTimer !== null) {
    clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }
  slot.process.ref();
  slot.process.send(request);
}

/** Reads the drawing workers' memory every 50 ms while any draws (an idle pool wakes for nothing). */
function watchMemory(core: PoolCore): void {
  if (core.memoryTimer !== null || core.closed || core.inline) return;
  core.memoryTimer = setInterval(() => {
    let busy = false;
    for (const slot of [...core.slots]) {
      if (!slot.current) continue;
      busy = true;
      const rss = residentBytes(slot.process.pid);
      if (rss !== null) core.tree.noteWorker(rss);
      if (rss === null || rss <= core.budget) continue;
      logger.warn("Share images: render worker over its memory budget; killed and replaced", {
        kind: slot.current.job.kind,
        rss,
        budget: core.budget,
      });
      replace(core, slot, new RenderAbortedError("memory", `over the memory budget of ${core.budgetMb} MiB`));
    }
    if (busy) {
      core.tree.noteSelf();
      trimWhenGrown(core);
    } else {
      clearInterval(core.memoryTimer!);
      core.memoryTimer = null;
    }
    dispatch(core);
  }, 50);
  Deno.unrefTimer(core.memoryTimer);
}

function trimSelf(core: PoolCore): void {
  if (!releaseFreeMemory()) return;
  core.trimmedAt = { rss: residentBytes(Deno.pid) ?? 0, time: performance.now() };
}

/** From an asynchronous major collection to the trim that gives back what it freed. */
const GC_TO_TRIM_MS = 300;
/** At most one collection or trim this often. */
const TRIM_EVERY_MS = 500;

/**
 * While cards are drawn, this process's heap and native memory (PNGs, KV,
 * HTTP and fetch buffers of the requests) are freed but kept: once it has
 * grown by `growth` (12 MiB while drawing, 8 MiB when a burst's last card is
 * done) since the last trim, at most every {@linkcode TRIM_EVERY_MS}, give
 * it back; where V8's `gc` is exposed (`deno task start`), a major
 * collection first frees what waits for it. Measured at c=16 for 25 s (two
 * runs each): with 32 MiB and once a second this process held 194-224 MiB
 * and the second render worker was retired (the tree over its budget); with
 * 12 MiB and 500 ms, 188-208 MiB, both workers kept, 96-110 against 85-95
 * images a second.
 */
function trimWhenGrown(core: PoolCore, growth = 12 * MIB): void {
  const rss = residentBytes(Deno.pid);
  if (rss === null) return;
  if (core.trimmedAt === null) core.trimmedAt = { rss, time: performance.now() };
  else if (rss - core.trimmedAt.rss > growth && performance.now() - core.trimmedAt.time > TRIM_EVERY_MS) {
    if (!collectGarbageSoon()) return trimSelf(core);
    // The collection frees the buffers first; the trim then gives their pages back.
    core.trimmedAt = { rss, time: performance.now() };
    const timer = setTimeout(() => trimSelf(core), GC_TO_TRIM_MS);
    Deno.unrefTimer(timer);
  }
}

/** Lets workers start (each chooses its renderer: the service's process loads none). */
function start(core: PoolCore): Promise<void> {
  core.launched = true;
  return Promise.resolve();
}

async function warm(core: PoolCore): Promise<RendererInfo> {
  await start(core);
  if (!core.inline && !core.slots.some((slot) => slot.ready)) {
    const ready = Promise.withResolvers<void>();
    core.readyWaiters.push(ready);
    if (core.slots.length === 0) spawn(core);
    await ready.promise;
  }
  return core.workerRenderer ?? await inlineRenderer(core);
}

/** Queues `job`; a job still queued when `signal` aborts leaves the queue (one a worker took is finished). */
function run(core: PoolCore, job: CardJob, signal?: AbortSignal): Promise<RenderOutput> {
  if (core.closed) return Promise.reject(new Error("Cannot draw: the render pool is closed"));
  if (signal?.aborted) {
    core.cancelled++;
    return Promise.reject(new RenderCancelledError());
  }
  const { promise, resolve, reject } = Promise.withResolvers<RenderOutput>();
  const entry: Job = { job, resolve, reject };
  core.waiting.push(entry);
  if (signal) {
    const drop = () => {
      const index = core.waiting.indexOf(entry);
      if (index < 0) return;
      core.waiting.splice(index, 1);
      core.cancelled++;
      reject(new RenderCancelledError());
    };
    signal.addEventListener("abort", drop, { once: true });
    promise.then(() => signal.removeEventListener("abort", drop), () => signal.removeEventListener("abort", drop));
  }
  start(core).then(() => dispatch(core), (error) => {
    const index = core.waiting.indexOf(entry);
    if (index >= 0) core.waiting.splice(index, 1);
    reject(error);
  });
  return promise;
}

/** Kills the workers; jobs not finished reject. */
async function close(core: PoolCore): Promise<void> {
  if (core.closed) return;
  core.closed = true;
  if (core.memoryTimer !== null) clearInterval(core.memoryTimer);
  const error = new Error("Cannot draw: the render pool is closed");
  for (const entry of core.waiting.splice(0)) entry.reject(error);
  resolveReady(core);
  const all = core.slots.splice(0);
  for (const slot of all) {
    slot.retired = true;
    if (slot.current) {
      clearTimeout(slot.current.timer);
      slot.current.reject(error);
      slot.current = null;
    }
    slot.next?.reject(error);
    slot.next = null;
    // Awaiting an unreferenced child's exit would not keep this process alive.
    slot.process.ref();
    slot.process.kill();
  }
  await Promise.all(all.map((slot) => slot.process.status));
}

/** The pool as its users see it ({@linkcode RenderPool}), over `core`. */
function poolFace(core: PoolCore): RenderPool {
  return {
    admit() {
      if (core.closed || core.admitted >= core.places) return null;
      core.admitted++;
      let released = false;
      return () => {
        if (released) return;
        released = true;
        core.admitted--;
      };
    },
    run: (job, signal) => run(core, job, signal),
    prepare() {
      if (core.closed || core.inline) return;
      start(core).then(() => {
        // No warm-up: the card is on its way, and would wait behind it.
        if (!core.closed && !core.inline && core.slots.length === 0) spawn(core, false);
      }, () => {});
    },
    warm: () => warm(core),
    async renderer() {
      if (core.workerRenderer) return core.workerRenderer;
      return core.inline ? await inlineRenderer(core) : await warm(core);
    },
    stats() {
      return {
        workers: core.slots.length,
        running: core.inline ? core.inlineRunning : core.slots.filter((s) => s.current).length,
        waiting: core.waiting.length,
        cancelled: core.cancelled,
        admitted: core.admitted,
        places: core.places,
        replaced: core.replaced,
        retired: core.retiredIdle,
        workerPids: pidsOf(core),
        inline: core.inline,
      };
    },
    close: () => close(core),
  };
}

/** Creates the pool; workers start on the first `warm` or `run`. */
export function createRenderPool(options: RenderPoolOptions): RenderPool {
  return poolFace(poolCore(options));
}
