/**
 * One render worker: a child process started by `render_pool.ts`
 * (`deno run og/raster/render_worker.ts`). It loads the renderer the pool chose,
 * says it is ready, then draws one card job (`AnyCardJob` of `draw.tsx`) at
 * a time and answers with the PNG and its memory; a `warm` request (sent
 * while no card waits) draws a token, a pool and a position card to pay the
 * first-call costs (and draw the dark bases of their layers).
 *
 * Pool and worker talk over the worker's stdin and stdout in frames: a 4-byte
 * big-endian length, then the message in V8's serialization (`node:v8`), so
 * logo and PNG bytes cross as bytes. Everything the worker logs goes to
 * stderr (shared with the service); stdout carries frames only. The worker
 * exits when its stdin closes (the service stopped or died).
 *
 * Why a process and not a thread: in Deno 2.9 neither `Worker.terminate()`
 * nor `node:worker_threads` `terminate()` interrupts a Worker that is busy
 * (measured: a JS loop, a resvg-wasm and a native resvg render all ran on to
 * completion after it, holding their CPU and memory), while a killed process
 * stops at once and gives all of its memory back.
 *
 * @module
 */

import { deserialize, serialize, setFlagsFromString } from "node:v8";
import type { AnyCardJob } from "../job/draw.tsx";
import type { RenderTimings } from "../raster/render.ts";
import type { SatoriSource } from "../raster/satori_script.ts";
import { type RendererInfo, type RendererName, selectRenderer } from "../raster/resvg.ts";
import { exposedGc, releaseFreeMemory } from "./tree_memory.ts";

/** The first message of the pool to a worker. */
export interface WorkerInit {
  readonly type: "init";
  /** Absolute path of `static/` (the default fonts). */
  readonly staticDir: string;
  /** The renderer the pool chose. */
  readonly renderer: RendererName;
  /**
   * The default fonts, read and unpacked by the pool's process
   * (`defaultFontData` of `fonts.ts`), in `DEFAULT_FONT_FILES` order; the
   * worker reads them from `staticDir` itself when they are absent.
   */
  readonly fontData?: readonly ArrayBuffer[];
}

/**
 * A job of the pool to a worker: a card to draw, or `warm` (draw the
 * warm-up cards; sent to an idle worker when no card is waiting).
 */
export type WorkerRequest =
  | { readonly type: "job"; readonly id: number; readonly job: AnyCardJob }
  | { readonly type: "warm"; readonly id: number };

/** What the worker process holds: resident set size, and its JS heap. */
export interface WorkerMemory {
  readonly rss: number;
  readonly heapUsed: number;
}

/** A message from a worker to the pool. */
export type WorkerReply =
  | {
    readonly type: "ready";
    readonly renderer: RendererInfo;
    /** Where its satori came from: the build's script, with its code cache or without, or the module. */
    readonly satori: SatoriSource;
    readonly startMs: number;
    readonly memory: WorkerMemory;
  }
  | { readonly type: "startFailed"; readonly message: string }
  | {
    readonly type: "done";
    readonly id: number;
    readonly png: Uint8Array;
    readonly timings: RenderTimings | null;
    readonly memory: WorkerMemory;
  }
  | { readonly type: "failed"; readonly id: number; readonly message: string; readonly memory: WorkerMemory };

/** Draws one job; {@linkcode startRenderWorker} may wrap it (tests). */
export type DrawJob = (job: AnyCardJob, onTimings: (t: RenderTimings) => void) => Promise<Uint8Array>;

/** Encodes one message as a frame: 4-byte big-endian length, then V8 serialization. */
export function encodeFrame(message: unknown): Uint8Array {
  const body = serialize(message);
  const frame = new Uint8Array(4 + body.length);
  new DataView(frame.buffer).setUint32(0, body.length);
  frame.set(body, 4);
  return frame;
}

/** Reads frames from a byte stream; yields each message decoded. */
export async function* readFrames(stream: ReadableStream<Uint8Array>): AsyncGenerator<unknown> {
  let buffer = new Uint8Array(0);
  for await (const chunk of stream) {
    const joined = new Uint8Array(buffer.length + chunk.length);
    joined.set(buffer);
    joined.set(chunk, buffer.length);
    buffer = joined;
    while (buffer.length >= 4) {
      const length = new DataView(buffer.buffer, buffer.byteOffset).getUint32(0);
      if (buffer.length < 4 + length) break;
      yield deserialize(buffer.subarray(4, 4 + length));
      buffer = buffer.subarray(4 + length);
    }
  }
}

function memory(): WorkerMemory {
  const usage = Deno.memoryUsage();
  return { rss: usage.rss, heapUsed: usage.heapUsed };
}

/** A 16 px PNG logo for the warm-up card (exercises decoding and resampling). */
async function warmLogo() {
  const { encodeRgbaPng } = await import("../raster/png.ts");
  const size = 16;
  const pixels = new Uint8Array(size * size * 4);
  for (let i = 0; i < pixels.length; i += 4) pixels.set([200, 40, 60, 255], i);
  return { bytes: encodeRgbaPng(pixels, size, size), type: "png" as const, width: size, height: size };
}

/**
 * Draws a token card with a PNG logo, a pool card and a position card: the
 * first calls of satori, resvg, the decoders and the encoder are the slow
 * ones, and each kind's base layer is drawn once (`render.ts`).
 */
export async function warmUp(draw: DrawJob): Promise<Uint8Array> {
  const common = { emojiSet: "twemoji", dynamicAssets: true } as const;
  await draw(
    { ...common, kind: "token", chainName: "base", name: "Warm", symbol: "WRM", logo: await warmLogo() },
    () => {},
  );
  await draw({
    ...common,
    kind: "pool",
    chainName: "ethereum",
    pool: { token0Symbol: "A", token1Symbol: "B", feeTier: 3000, protocolVersion: "V3" },
    logo0: null,
    logo1: null,
  }, () => {});
  return await draw({
    ...common,
    kind: "position",
    chainName: "ethereum",
    position: {
      protocolVersion: "V3",
      token0Symbol: "A",
      token1Symbol: "B",
      feeTier: 3000,
      priceLower: "1",
      priceUpper: "2",
      status: "in-range",
    },
    logo0: null,
    logo1: null,
  }, () => {});
}

let writing: Promise<void> = Promise.resolve();

/**
 * Writes a frame to stdout, in order. When the pool has gone (its end of the
 * pipe is closed: the service exited), the worker exits quietly.
 */
function send(message: WorkerReply): Promise<void> {
  const frame = encodeFrame(message);
  writing = writing.then(async () => {
    let offset = 0;
    try {
      while (offset < frame.length) offset += await Deno.stdout.write(frame.subarray(offset));
    } catch (error) {
      if (error instanceof Deno.errors.BrokenPipe) Deno.exit(0);
      throw error;
    }
  });
  return writing;
}

/**
 * Runs this process as a render worker: reads the init frame, loads the
 * renderer, warms up, then answers jobs until stdin closes. `wrap` lets a
 * test worker change how jobs are drawn (e.g. stall on some).
 */
export async function startRenderWorker(wrap: (draw: DrawJob) => DrawJob = (draw) => draw): Promise<void> {
  // stdout carries frames only: every log line (og/log.ts writes JSON lines with console.log) goes to stderr.
  for (const method of ["log", "info", "debug"] as const) {
    console[method] = (...args: unknown[]) => console.error(...args);
  }
  // React's production build for the cards' elements (the development build
  // checks and freezes every element: about 0.2 ms of satori's 1.5 ms a card).
  if (Deno.env.get("NODE_ENV") === undefined) Deno.env.set("NODE_ENV", "production");
  // The drawing code loads while the pool's first frame is on its way.
  // satori comes from the build's script with its code cache (satori_script.ts), loaded here rather than on the
  // first card's path.
  const modules = Promise.all([
    import("../job/draw.tsx"),
    import("../assets/fonts.ts"),
    import("../raster/satori_script.ts").then(async ({ loadSatori, satoriSource }) => {
      await loadSatori();
      return await satoriSource() ?? "module";
    }),
  ]);
  modules.catch(() => {});
  const frames = readFrames(Deno.stdin.readable);
  const first = await frames.next();
  if (first.done) return;
  const init = first.value as WorkerInit;
  let renderer: RendererInfo;
  let satori: SatoriSource;
  let draw: DrawJob;
  let prime: () => Promise<unknown>;
  const started = performance.now();
  try {
    renderer = await selectRenderer(init.renderer);
    const [{ drawCard, primeDrawing }, { createDefaultFontLoader }, source] = await modules;
    satori = source;
    const fonts = createDefaultFontLoader(init.staticDir, init.fontData);
    draw = wrap((job, onTimings) => drawCard(job, { fonts, onTimings }));
    prime = () => primeDrawing(fonts);
  } catch (error) {
    await send({ type: "startFailed", message: error instanceof Error ? error.message : String(error) });
    return;
  }
  await send({ type: "ready", renderer, satori, startMs: performance.now() - started, memory: memory() });
  // satori's first call parses the fonts and sets up its layout engine (25-40 ms), and the watermark is read
  // (draw.tsx primeDrawing): done now, while the service still looks the card's data up and fetches its logo, the
  // first card does not wait for it. A card the pool had waiting (it sends one on `ready`) is drawn first instead,
  // and the worker primed after it: the card pays the same first-call costs itself, but not the rest of the prime
  // (the watermark's other opacity, the other logo size, the primer's layout: about 8 ms).
  const primeDone = Promise.withResolvers<void>();
  let priming: Promise<void> | null = null;
  const startPrime = () => priming ??= prime().then(() => {}, () => {}).then(primeDone.resolve);
  const collect = garbageCollector(primeDone.promise.then(exposeGc));
  let next: Promise<IteratorResult<unknown>> | null = frames.next();
  if (await resultWithin(next, CARD_WINDOW_MS) === null) startPrime();
  while (true) {
    const result = await (next ?? frames.next());
    next = null;
    if (result.done) break;
    collect.busy();
    const request = result.value as WorkerRequest;
    let timings: RenderTimings | null = null;
    const { id } = request;
    let used: WorkerMemory;
    try {
      const png = request.type === "warm" ? await warmUp(draw) : await draw(request.job, (t) => timings = t);
      await send({ type: "done", id, png, timings, memory: used = memory() });
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      await send({ type: "failed", id, message: text, memory: used = memory() });
    }
    collect.afterJob(used.rss);
    startPrime();
  }
}

/** How long a worker that said `ready` waits for a card the pool had waiting before it primes (`render_pool.ts`). */
const CARD_WINDOW_MS = 5;

/** What `promise` gives if it settles within `ms` milliseconds, else `null` (it may still settle later). */
async function resultWithin<T>(promise: Promise<T>, ms: number): Promise<T | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    return await Promise.race([promise, new Promise<null>((resolve) => timer = setTimeout(() => resolve(null), ms))]);
  } finally {
    clearTimeout(timer);
  }
}

/** V8's `gc()`: a full collection (exposed at run time it takes no options). */
type Gc = () => void;

/**
 * V8's `gc()`: the one `--expose-gc` gave, which a worker is started with
 * exactly when the service has it (`sameGcFlag` of `render_process.ts`),
 * else exposed at run time (`node:v8` `setFlagsFromString`, then the `gc`
 * of a new context): that flag is part of the hash V8 checks a code cache
 * against, so a worker started with other flags than the service rejected
 * and rewrote the cache the service wrote for the modules both load, and
 * the service then rejected the worker's (measured: a worker's start to
 * primed took 165 ms instead of 125 after a service start). Called once the
 * worker's modules are loaded: a flag set now only concerns modules loaded
 * later. `null` when it cannot be had.
 */
async function exposeGc(): Promise<Gc | null> {
  const existing = exposedGc();
  if (existing) return existing as Gc;
  try {
    const { runInNewContext } = await import("node:vm");
    setFlagsFromString("--expose-gc");
    const gc = runInNewContext("gc");
    return typeof gc === "function" ? gc as Gc : null;
  } catch {
    return null;
  }
}

/** How long a worker waits without a job before a full collection. */
const FULL_GC_IDLE_MS = 2_000;
/** A pause between jobs this long gets a collection (cancelled when a job comes first). */
const PAUSE_GC_MS = 100;
/** Growth of the worker's resident memory after which the allocator's free pages are handed back. */
const TRIM_GROWTH_BYTES = 16 * 1024 * 1024;
/** Under steady work, growth of the worker's resident memory since the last collection that asks for one. */
const STEADY_GC_GROWTH_BYTES = 32 * 1024 * 1024;

/**
 * Collects garbage between jobs, never on a card's path. `gc()` exposed at
 * run time ({@linkcode exposeGc}) makes every collection a full one, with
 * the native objects' finalizers: 22-36 ms on a worker's 16-18 MiB heap,
 * which freed 6-14 MiB of resident memory. A collection runs once a job
 * is followed by {@linkcode PAUSE_GC_MS} without another, after
 * {@linkcode FULL_GC_IDLE_MS} idle, and under steady work only when the
 * worker grew by {@linkcode STEADY_GC_GROWTH_BYTES} since the last one.
 *
 * Measured (uncached token images at c=1, no pause, 1,000 cards): without
 * a collection on the way the worker stayed at 117-128 MiB, V8's own
 * collections keeping it there; one every 24 jobs (the former rule) cost
 * 1.4-1.6 ms of the worker's CPU a card, and its background threads 1.5 ms
 * more (14.1 against 11.4 ms of CPU a card). The C allocator's free pages
 * go back to the system in a pause when the worker grew by
 * {@linkcode TRIM_GROWTH_BYTES}, and when idle. Until `exposed` gives
 * `gc()`, or without it, no collection is asked.
 */
function garbageCollector(exposed: Promise<Gc | null>): { busy(): void; afterJob(rss: number): void } {
  let gc: Gc | null = null;
  exposed.then((found) => gc = found, () => {});
  let pauseTimer: ReturnType<typeof setTimeout> | null = null;
  let idleTimer: ReturnType<typeof setTimeout> | null = null;
  let jobsSinceCollection = 0;
  let trimmedRss = Deno.memoryUsage().rss;
  // The worker's size after its first job, or the job after the last collection (whose finalizers have run by then).
  let collectedRss: number | null = null;
  function stopTimers(): void {
    if (pauseTimer !== null) clearTimeout(pauseTimer);
    if (idleTimer !== null) clearTimeout(idleTimer);
    pauseTimer = idleTimer = null;
  }
  function collect(trim: boolean): void {
    gc?.();
    jobsSinceCollection = 0;
    collectedRss = null;
    // What the collection freed of the C allocator's memory goes back to the system too.
    if (trim) {
      releaseFreeMemory();
      trimmedRss = Deno.memoryUsage().rss;
    }
  }
  return {
    busy: stopTimers,
    afterJob(rss) {
      jobsSinceCollection++;
      // Under steady work: only when the worker grew (the native pixels V8 is not told of, a burst of large cards).
      collectedRss ??= rss;
      if (gc && rss - collectedRss > STEADY_GC_GROWTH_BYTES) collect(rss - trimmedRss > TRIM_GROWTH_BYTES);
      // In a pause: the native objects' finalizers run on a later task, after the collection; what it freed of the
      // C allocator's memory goes back to the system when the worker grew by TRIM_GROWTH_BYTES since the last trim
      // (measured: 34 MiB of a worker's 214 after 200 cards, in 2 ms).
      pauseTimer = setTimeout(() => {
        pauseTimer = null;
        const grown = Deno.memoryUsage().rss - trimmedRss > TRIM_GROWTH_BYTES;
        if (jobsSinceCollection > 0 || grown) collect(grown);
      }, PAUSE_GC_MS);
      idleTimer = setTimeout(() => {
        idleTimer = null;
        collect(true);
      }, FULL_GC_IDLE_MS);
      // The worker exits when its stdin closes, whatever these timers say.
      Deno.unrefTimer(pauseTimer);
      Deno.unrefTimer(idleTimer);
    },
  };
}

if (import.meta.main) await startRenderWorker();
