/**
 * One render worker process as the pool (`render_pool.ts`) sees it: started
 * with `deno run` on the worker module (`render_worker.ts`) with its V8 heap
 * capped and a small young generation, sent its init frame, its reply
 * frames handed on one by one, and killed with SIGKILL, which stops it at once and gives its memory back.
 *
 * Why processes: in Deno 2.9 neither `Worker.terminate()` nor
 * `node:worker_threads` `terminate()` interrupts a busy Worker (measured: a
 * JS loop and resvg renders, wasm or native, ran on to completion after it,
 * keeping their CPU and memory). The native resvg addon loads in Workers and
 * in processes alike.
 *
 * @module
 */

import { ROOT_DIR } from "../paths.ts";
import { exposedGc } from "./tree_memory.ts";
import { encodeFrame, readFrames, type WorkerInit, type WorkerReply, type WorkerRequest } from "./render_worker.ts";

/** Options of {@linkcode startRenderProcess}. */
export interface RenderProcessOptions {
  /** Absolute path of the worker's entry module. */
  readonly entry: string;
  /** Its V8 heap cap in MiB (`--max-old-space-size`). */
  readonly heapMb: number;
  /** The first frame sent to it. */
  readonly init: WorkerInit;
  /** Called with each reply, in order. */
  readonly onReply: (reply: WorkerReply) => void;
  /** Called once when the process has exited, however it ended. */
  readonly onExit: (status: Deno.CommandStatus) => void;
}

/** A started render worker process. */
export interface RenderProcess {
  /** Its process id (`/proc` memory readings). */
  readonly pid: number;
  /** Sends a request frame; a process that is gone drops it (its exit is reported instead). */
  send(request: WorkerRequest): void;
  /** Lets the process keep this one alive (while it draws). */
  ref(): void;
  /** Lets this process exit while it runs (while it is idle). */
  unref(): void;
  /** Kills it (SIGKILL) and closes its stdin; a process already gone is fine. */
  kill(): void;
  /** Its exit status. */
  readonly status: Promise<Deno.CommandStatus>;
}

/**
 * `init` with the default fonts, read and unpacked in this process once
 * (`defaultFontData` of `fonts.ts`): this process mostly waits while a new
 * worker loads, and the worker then skips reading and unpacking them (about
 * 7 ms) before its first card. As it is when they cannot be read here (the
 * worker then reads them and reports what fails).
 */
async function withDefaultFonts(init: WorkerInit): Promise<WorkerInit> {
  if (init.fontData) return init;
  try {
    const { defaultFontData } = await import("../assets/fonts.ts");
    return { ...init, fontData: await defaultFontData(init.staticDir) };
  } catch {
    return init;
  }
}

/**
 * `--expose-gc` when this process has it (`deno task start`), else nothing:
 * V8 rejects a code cache written under other flags that count, and this
 * one does, so a worker started with other flags than the service
 * recompiled the modules both load on each start (about 40 ms).
 */
export function sameGcFlag(): string {
  return exposedGc() === null ? "" : ",--expose-gc";
}

/**
 * Starts a render worker process and sends it `init`. Throws where processes
 * cannot be started (Deno Deploy, no permission).
 */
export function startRenderProcess(options: RenderProcessOptions): RenderProcess {
  const child = new Deno.Command(Deno.execPath(), {
    args: [
      "run",
      "--quiet",
      "--no-prompt",
      // A 4 MiB young generation instead of V8's 16: less resident. 1 MiB held 2-4 MiB less over the bench's 500
      // images (108-111 vs 110-115) but scavenged so often at start that a fresh worker's first card took 7 ms
      // longer (200 vs 193 ms from spawn, medians of 8). --expose-gc only as the service has it (sameGcFlag);
      // without it the worker exposes gc() itself once loaded (render_worker.ts).
      `--v8-flags=--max-old-space-size=${options.heapMb},--max-semi-space-size=4${sameGcFlag()}`,
      "--allow-read",
      "--allow-env",
      "--allow-sys",
      "--allow-ffi",
      "--allow-net",
      options.entry,
    ],
    cwd: ROOT_DIR,
    // Two malloc arenas, not one per thread: the worker's native memory is reused instead of spread (about 10 MiB).
    env: { MALLOC_ARENA_MAX: "2" },
    stdin: "piped",
    stdout: "piped",
    stderr: "inherit",
  }).spawn();
  const stdin = child.stdin.getWriter();
  // Frames go out in order, the init frame first, once it holds the fonts.
  let writing: Promise<void> = withDefaultFonts(options.init)
    .then((init) => stdin.write(encodeFrame(init)))
    .catch(() => {});
  const send = (request: WorkerRequest): void => {
    const frame = encodeFrame(request);
    writing = writing.then(() => stdin.write(frame)).catch(() => {});
  };
  (async () => {
    try {
      for await (const reply of readFrames(child.stdout)) options.onReply(reply as WorkerReply);
    } catch { /* the process went away: its status says how */ }
  })();
  child.status.then(options.onExit);
  return {
    pid: child.pid,
    send,
    ref: () => child.ref(),
    unref: () => child.unref(),
    kill() {
      try {
        child.kill("SIGKILL");
      } catch { /* already gone */ }
      stdin.close().catch(() => {});
    },
    status: child.status,
  };
}
