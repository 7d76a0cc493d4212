/**
 * The render workers: logo decoding and card drawing run in a pool of
 * worker processes (`render_worker.ts`), so the service keeps serving cached
 * images and pages while cards are drawn, and a card that runs away can be
 * stopped for real.
 *
 * - **Size**: `workers` processes (`RENDER_WORKERS`, default CPU cores), each
 *   drawing one card at a time.
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
 * - **Why processes**: in Deno 2.9 neither `Worker.terminate()` nor
 *   `node:worker_threads` `terminate()` interrupts a busy Worker (measured:
 *   a JS loop and resvg renders, wasm or native, ran on to completion after
 *   it, keeping their CPU and memory). The native resvg addon loads in
 *   Workers and in processes alike.
 * - Where processes cannot be started (Deno Deploy), jobs run on the main
 *   thread, `workers` at a time, without a deadline (logged once).
 *
 * @module
 */

import { fileURLToPath } from "node:url";
import { errorText, logger } from "../server/log.ts";
import type { CardJob } from "./images.tsx";
import type { RenderTimings } from "./render.ts";
import { chooseRenderer, type RendererInfo, type RendererName } from "./resvg.ts";
import { encodeFrame, readFrames, type WorkerInit, type WorkerReply, type WorkerRequest } from "./render_worker.ts";
import { ROOT_DIR } from "../server/paths.ts";

/** Options of {@linkcode createRenderPool}. */
export interface RenderPoolOptions {
  /** Worker processes (config `renderWorkers`). */
  readonly workers: number;
  /** Deadline of one job in ms (config `renderTimeoutMs`). */
  readonly timeoutMs: number;
  /** Jobs that may wait beyond the running ones (config `renderQueue`). */
  readonly queue: number;
  /** `native`, `wasm`, or `null` for native when it loads (config `renderer`). */
  readonly renderer?: RendererName | null;
  /** Absolute path of `static/` (the default fonts). */
  readonly staticDir: string;
  /** Memory budget of one worker in MiB (default 512). */
  readonly memoryBudgetMb?: number;
  /** Run jobs on the calling thread instead of worker processes (default: processes when they start). */
  readonly inline?: boolean;
  /** Let each new worker draw warm-up cards when no card waits for it (default true). */
  readonly warmWorkers?: boolean;
  /** The worker's entry module (default `render_worker.ts`; tests pass a wrapper of it). */
  readonly workerUrl?: URL;
}

/** A drawn card. */
export interface RenderOutput {
  readonly png: Uint8Array;
  readonly timings: RenderTimings | null;
}

/** The job was stopped: past its deadline, over its memory budget, or its worker died. */
export class RenderAbortedError extends Error {
  override name = "RenderAbortedError";
  /** Why the job was stopped. */
  readonly reason: "timeout" | "memory" | "crashed";
  /** Creates the error; `message` says what happened. */
  constructor(reason: "timeout" | "memory" | "crashed", message: string) {
    super(message);
    this.reason = reason;
  }
}

/** Counters of a pool (tests, logs). */
export interface RenderPoolStats {
  /** Worker processes alive (starting or ready). */
  readonly workers: number;
  /** Jobs being drawn. */
  readonly running: number;
  /** Jobs waiting for a worker. */
  readonly waiting: number;
  /** Places handed out by `admit` and not yet released. */
  readonly admitted: number;
  /** Workers killed for a deadline, memory, or a crash, and replaced. */
  readonly replaced: number;
  /** Whether jobs run on the calling thread. */
  readonly inline: boolean;
}

/** The pool of render workers. */
export interface RenderPool {
  /**
   * Takes one of the `workers + queue` places for an uncached render;
   * `null` when all are taken (answer 503). Call the function returned
   * once when the request is done.
   */
  admit(): (() => void) | null;
  /** Draws a card in a worker. Rejects with {@linkcode RenderAbortedError} past the deadline or budget. */
  run(job: CardJob): Promise<RenderOutput>;
  /**
   * Starts the workers and resolves once one is ready, with the renderer
   * that worker loaded. Each new worker then draws warm-up cards unless a
   * card is already waiting for it.
   */
  warm(): Promise<RendererInfo>;
  /** The renderer chosen at start (`RENDERER`, else native when it loads), logged once. */
  renderer(): Promise<RendererInfo>;
  /** Counters. */
  stats(): RenderPoolStats;
  /** Kills the workers; jobs not finished reject. */
  close(): Promise<void>;
}

interface Job {
  readonly job: CardJob;
  readonly resolve: (output: RenderOutput) => void;
  readonly reject: (error: Error) => void;
}

interface Slot {
  readonly child: Deno.ChildProcess;
  readonly stdin: WritableStreamDefaultWriter<Uint8Array>;
  ready: boolean;
  current: (Job & { id: number; started: number; timer: ReturnType<typeof setTimeout> }) | null;
  /** Set once the slot is being replaced: its events are ignored. */
  retired: boolean;
}

const MIB = 1024 * 1024;
const PAGE_SIZE = 4096;

/** Resident bytes of a process from `/proc/{pid}/statm`, or `null` where there is no `/proc`. */
function residentBytes(pid: number): number | null {
  try {
    const pages = Number(Deno.readTextFileSync(`/proc/${pid}/statm`).split(" ")[1]);
    return Number.isFinite(pages) ? pages * PAGE_SIZE : null;
  } catch {
    return null;
  }
}

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
  let admitted = 0;
  let replaced = 0;
  let nextId = 1;
  let closed = false;
  let inline = options.inline ?? false;
  let inlineRunning = 0;
  let inlineFonts: import("./fonts.ts").DefaultFontLoader | undefined;
  let startFailures = 0;
  let rendererName: RendererName = "wasm";
  /** What the first worker that became ready draws with (it loads the renderer itself). */
  let workerRenderer: RendererInfo | undefined;
  const waiting: Job[] = [];
  const slots: Slot[] = [];
  const anyReady = Promise.withResolvers<void>();
  anyReady.promise.catch(() => {});
  let started = false;
  let memoryTimer: ReturnType<typeof setInterval> | null = null;

  let chosen: Promise<RendererInfo> | null = null;
  function renderer(): Promise<RendererInfo> {
    chosen ??= chooseRenderer(options.renderer ?? null).then((info) => {
      logger.info("Share images: renderer chosen", {
        renderer: info.name,
        package: info.package,
        ...(info.fallbackReason ? { fallbackReason: info.fallbackReason } : {}),
        workers: inline ? 0 : size,
        timeoutMs: options.timeoutMs,
        queue: options.queue,
      });
      return info;
    });
    return chosen;
  }

  function runInline(entry: Job): void {
    inlineRunning++;
    (async () => {
      const [{ drawCard }, { createDefaultFontLoader }, { selectRenderer }] = await Promise.all([
        import("./draw.tsx"),
        import("./fonts.ts"),
        import("./resvg.ts"),
      ]);
      await selectRenderer(rendererName);
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
    anyReady.resolve();
    dispatch();
  }

  function spawn(): void {
    if (closed || inline) return;
    let child: Deno.ChildProcess;
    try {
      child = new Deno.Command(Deno.execPath(), {
        args: [
          "run",
          "--quiet",
          "--no-prompt",
          `--v8-flags=--max-old-space-size=${budgetMb}`,
          "--allow-read",
          "--allow-env",
          "--allow-sys",
          "--allow-ffi",
          "--allow-net",
          entry,
        ],
        cwd: ROOT_DIR,
        stdin: "piped",
        stdout: "piped",
        stderr: "inherit",
      }).spawn();
    } catch (error) {
      goInline(errorText(error));
      return;
    }
    const slot: Slot = {
      child,
      stdin: child.stdin.getWriter(),
      ready: false,
      current: null,
      retired: false,
    };
    slots.push(slot);
    const init: WorkerInit = { type: "init", staticDir: options.staticDir, renderer: rendererName };
    slot.stdin.write(encodeFrame(init)).catch(() => {});
    (async () => {
      try {
        for await (const reply of readFrames(child.stdout)) onReply(slot, reply as WorkerReply);
      } catch { /* the process went away: its status says how */ }
    })();
    child.status.then((status) => {
      retire(slot, new RenderAbortedError("crashed", `render worker exited (${status.signal ?? status.code})`));
    });
  }

  function onReply(slot: Slot, reply: WorkerReply): void {
    if (slot.retired) return;
    if (reply.type === "ready") {
      slot.ready = true;
      startFailures = 0;
      workerRenderer ??= reply.renderer;
      // An idle worker does not keep the process alive (one drawing does).
      slot.child.unref();
      if (reply.renderer.name !== rendererName) {
        logger.warn("Share images: a render worker uses another renderer", {
          renderer: reply.renderer.name,
          reason: reply.renderer.fallbackReason,
        });
      }
      anyReady.resolve();
      // With no card waiting, the new worker pays its first-call costs now;
      // a card already waiting is drawn at once instead.
      if (waiting.length === 0 && (options.warmWorkers ?? true)) warmSlot(slot);
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
    slot.child.unref();
    if (reply.type === "done") current.resolve({ png: reply.png, timings: reply.timings });
    else current.reject(new Error(reply.message));
    if (reply.memory.rss > budget) {
      logger.info("Share images: render worker replaced: a job left it over its memory budget", {
        rss: reply.memory.rss,
        budget,
      });
      replace(slot, null);
    }
    dispatch();
  }

  function remove(slot: Slot): void {
    const index = slots.indexOf(slot);
    if (index >= 0) slots.splice(index, 1);
  }

  function kill(slot: Slot): void {
    try {
      slot.child.kill("SIGKILL");
    } catch { /* already gone */ }
    slot.stdin.close().catch(() => {});
  }

  function retireQuietly(slot: Slot): void {
    slot.retired = true;
    remove(slot);
    kill(slot);
  }

  /** Ends the slot's job with `error` (if any), kills its process and starts another. */
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
    spawn();
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
      if (!slot) return;
      assign(slot, waiting.shift()!, "job");
    }
  }

  function warmSlot(slot: Slot): void {
    const warm: CardJob = { kind: "default", emojiSet: "twemoji", dynamicAssets: false };
    assign(slot, { job: warm, resolve: () => {}, reject: () => {} }, "warm");
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
    slot.child.ref();
    const request: WorkerRequest = type === "warm" ? { type, id } : { type, id, job: job.job };
    slot.stdin.write(encodeFrame(request)).catch(() => {});
  }

  function watchMemory(): void {
    memoryTimer = setInterval(() => {
      for (const slot of [...slots]) {
        if (!slot.current) continue;
        const rss = residentBytes(slot.child.pid);
        if (rss === null || rss <= budget) continue;
        logger.warn("Share images: render worker over its memory budget; killed and replaced", {
          kind: slot.current.job.kind,
          rss,
          budget,
        });
        replace(slot, new RenderAbortedError("memory", `over the memory budget of ${budgetMb} MiB`));
      }
      dispatch();
    }, 50);
    Deno.unrefTimer(memoryTimer);
  }

  function start(): Promise<void> {
    if (!started) {
      started = true;
      renderer().then((info) => {
        rendererName = info.name;
        if (inline) {
          anyReady.resolve();
          return;
        }
        watchMemory();
        for (let i = 0; i < size; i++) spawn();
      }).catch((error) => anyReady.reject(error));
    }
    return anyReady.promise;
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
    run(job) {
      if (closed) return Promise.reject(new Error("Cannot draw: the render pool is closed"));
      const { promise, resolve, reject } = Promise.withResolvers<RenderOutput>();
      waiting.push({ job, resolve, reject });
      start().then(dispatch, (error) => {
        const index = waiting.findIndex((entry) => entry.resolve === resolve);
        if (index >= 0) waiting.splice(index, 1);
        reject(error);
      });
      return promise;
    },
    async warm() {
      await start();
      return workerRenderer ?? await renderer();
    },
    renderer,
    stats() {
      return {
        workers: slots.length,
        running: inline ? inlineRunning : slots.filter((s) => s.current).length,
        waiting: waiting.length,
        admitted,
        replaced,
        inline,
      };
    },
    async close() {
      if (closed) return;
      closed = true;
      if (memoryTimer !== null) clearInterval(memoryTimer);
      const error = new Error("Cannot draw: the render pool is closed");
      for (const entry of waiting.splice(0)) entry.reject(error);
      const all = slots.splice(0);
      for (const slot of all) {
        slot.retired = true;
        if (slot.current) {
          clearTimeout(slot.current.timer);
          slot.current.reject(error);
          slot.current = null;
        }
        // Awaiting an unreferenced child's exit would not keep this process alive.
        slot.child.ref();
        kill(slot);
      }
      await Promise.all(all.map((slot) => slot.child.status));
    },
  };
}
