/**
 * What the render pool (`render_pool.ts`) promises its callers: its options,
 * the {@linkcode RenderPool} interface, its counters, what it draws, and
 * {@linkcode RenderAbortedError}. `render_pool.ts` re-exports all of them.
 *
 * @module
 */

import type { CardJob } from "../job/card_job.ts";
import type { RenderTimings } from "../raster/render.ts";
import type { RendererInfo, RendererName } from "../raster/resvg.ts";

/** Options of `createRenderPool` (`render_pool.ts`). */
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
  /** A worker without work for this long is retired, in ms (default 30,000). */
  readonly idleMs?: number;
  /**
   * Resident memory of the whole process tree (this process and its
   * workers) that starting another worker must stay within, in MiB (default
   * 400). One worker may always run.
   */
  readonly treeMemoryMb?: number;
  /** Reads a process's resident bytes for the tree's budget (tests); default `/proc` (`residentBytes`). */
  readonly readResident?: (pid: number) => number | null;
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

/**
 * The job was dropped before a worker took it: everyone who asked for it
 * has gone (their requests' signals aborted). Nothing was drawn.
 */
export class RenderCancelledError extends Error {
  override name = "RenderCancelledError";
  /** Creates the error. */
  constructor() {
    super("Card not drawn: every request for it has gone");
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
  /** Jobs dropped from the queue because everyone who asked for them had gone. */
  readonly cancelled: number;
  /** Places handed out by `admit` and not yet released. */
  readonly admitted: number;
  /** Places there are: `workers + queue`. */
  readonly places: number;
  /** Workers killed for a deadline, memory, or a crash, and replaced. */
  readonly replaced: number;
  /** Workers retired after `idleMs` without work, or while the process tree was over its budget. */
  readonly retired: number;
  /** Process ids of the workers alive (memory measurements). */
  readonly workerPids: readonly number[];
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
  /**
   * Draws a card in a worker. Rejects with {@linkcode RenderAbortedError} past the deadline or budget, and with
   * {@linkcode RenderCancelledError} when `signal` aborts before a worker took the job (it leaves the queue; a
   * job being drawn is finished).
   */
  run(job: CardJob, signal?: AbortSignal): Promise<RenderOutput>;
  /**
   * Starts a worker if none is alive, without waiting for it: called when a
   * card is likely to come (its preview is being looked up), so the worker
   * boots during the lookup and logo fetch instead of after them.
   */
  prepare(): void;
  /**
   * Starts a worker now (unless one is alive) and resolves once one is
   * ready, with the renderer that worker loaded; more start when cards wait.
   * A new worker draws warm-up cards unless a card is already waiting for
   * it, and retires when idle like any other.
   */
  warm(): Promise<RendererInfo>;
  /**
   * The renderer the workers draw with (`RENDERER`, else native when it
   * loads: each worker chooses), logged once when the first worker is
   * ready; starts a worker if none was ready yet. An inline pool chooses on
   * the calling thread.
   */
  renderer(): Promise<RendererInfo>;
  /** Counters. */
  stats(): RenderPoolStats;
  /** Kills the workers; jobs not finished reject. */
  close(): Promise<void>;
}
