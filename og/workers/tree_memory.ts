/**
 * The memory of the render pool's process tree (this process and its render
 * workers), read from `/proc`: whether another worker fits in the tree's
 * budget (`render_pool.ts` starts workers on demand within it).
 *
 * A worker still booting holds little yet, and this process grows under
 * load, so a worker is counted at least at the largest size a worker
 * reached (and at least {@linkcode DEFAULT_WORKER_BYTES}) and this process
 * at the largest size it had while cards were drawn, plus
 * {@linkcode TREE_MARGIN_BYTES} of room.
 *
 * {@linkcode releaseFreeMemory} hands the C allocator's free pages back to
 * the system (glibc `malloc_trim`): the service's native memory (KV, HTTP,
 * fetch buffers) is freed under load but stays resident otherwise (measured:
 * 80 MiB of 255 after 500 uncached images).
 *
 * @module
 */

const MIB = 1024 * 1024;
const PAGE_SIZE = 4096;

/**
 * The least a worker is taken to hold before one has reported its size: what a worker drawing uncached token cards
 * holds (measured 105-115 MiB with two workers at c=16 and c=64, 2-core machine); a worker read while it boots holds
 * less, and counting it so would let another start that the tree cannot hold once both are busy. Once a worker
 * reported more, its largest size counts instead.
 */
export const DEFAULT_WORKER_BYTES = 120 * MIB;
/** Room kept in the tree's budget when a worker starts, for a card's decoding and this process's growth. */
export const TREE_MARGIN_BYTES = 32 * MIB;

/** Resident bytes of a process from `/proc/{pid}/statm`, or `null` where there is no `/proc`. */
export function residentBytes(pid: number): number | null {
  try {
    const pages = Number(Deno.readTextFileSync(`/proc/${pid}/statm`).split(" ")[1]);
    return Number.isFinite(pages) ? pages * PAGE_SIZE : null;
  } catch {
    return null;
  }
}

/** Options of {@linkcode createTreeMemory}. */
export interface TreeMemoryOptions {
  /** The tree's budget in bytes. */
  readonly budgetBytes: number;
  /** Reads a process's resident bytes (tests); default {@linkcode residentBytes}. */
  readonly read?: (pid: number) => number | null;
  /** This process's id; default `Deno.pid`. */
  readonly pid?: number;
}

/** What the pool asks of its tree's memory. */
export interface TreeMemory {
  /** Notes a worker's resident bytes (reported after a card, or read while it draws). */
  noteWorker(bytes: number): void;
  /** Notes this process's size (call while cards are drawn: it grows under load). */
  noteSelf(): void;
  /** Whether one more worker fits beside `workerPids` (without `/proc`: yes). */
  mayStart(workerPids: readonly number[]): boolean;
  /** Resident bytes of the tree now, as read (`null` without `/proc`). */
  bytes(workerPids: readonly number[]): number | null;
}

/** Creates the tree's memory account. */
export function createTreeMemory(options: TreeMemoryOptions): TreeMemory {
  const read = options.read ?? residentBytes;
  const self = options.pid ?? Deno.pid;
  let workerPeak = 0;
  let selfPeak = 0;

  /** The tree with each part counted at least at `floorWorker` / `floorSelf`. */
  function total(workerPids: readonly number[], floorSelf: number, floorWorker: number): number | null {
    const main = read(self);
    if (main === null) return null;
    let sum = Math.max(main, floorSelf);
    for (const pid of workerPids) {
      const rss = read(pid);
      if (rss === null) return null;
      sum += Math.max(rss, floorWorker);
    }
    return sum;
  }

  return {
    noteWorker(bytes) {
      workerPeak = Math.max(workerPeak, bytes);
    },
    noteSelf() {
      selfPeak = Math.max(selfPeak, read(self) ?? 0);
    },
    mayStart(workerPids) {
      const expected = Math.max(workerPeak, DEFAULT_WORKER_BYTES);
      const tree = total(workerPids, selfPeak, expected);
      return tree === null || tree + expected + TREE_MARGIN_BYTES <= options.budgetBytes;
    },
    bytes: (workerPids) => total(workerPids, 0, 0),
  };
}

type Trim = (pad: bigint | number) => number;
let trim: Trim | null | undefined;

/** glibc's `malloc_trim` through FFI, or `null` where it cannot be had (no FFI permission, no glibc, Deno Deploy). */
function mallocTrim(): Trim | null {
  if (trim !== undefined) return trim;
  trim = null;
  try {
    if (Deno.build.os !== "linux") return null;
    // Never prompt for the permission: without it there is simply no trimming.
    if (Deno.permissions.querySync({ name: "ffi" }).state !== "granted") return null;
    const libc = Deno.dlopen("libc.so.6", { malloc_trim: { parameters: ["usize"], result: "i32" } });
    trim = (pad) => libc.symbols.malloc_trim(BigInt(pad));
  } catch {
    // no FFI here: nothing to release this way
  }
  return trim;
}

/** V8's `gc` where the process was started with `--expose-gc` (the service's `deno task start` is). */
export type ExposedGc = (options?: { type?: "major" | "minor"; execution?: "sync" | "async" }) => unknown;

/** This process's exposed `gc`, or `null` (started without `--expose-gc`). */
export function exposedGc(): ExposedGc | null {
  const gc = (globalThis as { gc?: unknown }).gc;
  return typeof gc === "function" ? gc as ExposedGc : null;
}

/**
 * Asks V8 for a major collection that runs alongside the work (`execution:
 * "async"`: marking is incremental, nothing waits for it), where `gc` is
 * exposed; whether it could. Under image load this process's heap and the
 * buffers it frees (PNGs, pipe and HTTP chunks) wait for V8's own rhythm
 * otherwise: measured at c=16, 212-222 MiB with it against 220-277 MiB.
 */
export function collectGarbageSoon(): boolean {
  const gc = exposedGc();
  if (gc === null) return false;
  try {
    gc({ type: "major", execution: "async" });
    return true;
  } catch {
    return false;
  }
}

/**
 * Returns the C allocator's free memory of this process to the system
 * (`malloc_trim(0)`, a few ms); whether it could. Call it when work ends or
 * the process grew, not per request.
 */
export function releaseFreeMemory(): boolean {
  const call = mallocTrim();
  if (!call) return false;
  try {
    call(0);
    return true;
  } catch {
    return false;
  }
}
