/**
 * Share images: `GET /api/image/tokens/{network}/{address}`,
 * `GET /api/image/pools/{network}/{address}` and
 * `GET /api/image/positions/{version}/{network}/{id}` answered as 1200x630 PNG cards.
 * The server mounts {@linkcode createImageHandler}; see `og/README.md`.
 *
 * @module
 */

import { errorText, logger, useLogger } from "./log.ts";
import type { ImageTarget, ShareImages, ShareImagesOptions } from "../lib/preview_images.ts";
import { cacheIdOf, cardKeyOf, isWellFormedTarget, normalizeTarget, targetKeyOf } from "./job/image_target.ts";
import { createSingleFlight } from "../lib/single_flight.ts";
import type { ClientBudgetOptions } from "../lib/client_budget.ts";
import { DEFAULT_EMOJI_SET, type EmojiSet, parseEmojiSet } from "./assets/emoji.ts";
import type { LogoFetchOptions } from "./logo/logo_fetch.ts";
import type { RenderTimings } from "./raster/render.ts";
import {
  createRenderPool,
  RenderAbortedError,
  RenderCancelledError,
  type RenderPool,
  type RenderPoolStats,
} from "./workers/render_pool.ts";
import type { RendererInfo } from "./raster/resvg.ts";
import { createAdmission } from "./serve/admission.ts";
import { createInterests } from "./serve/interest.ts";
import { createDrawStage, type Drawn, type DrawStage } from "./serve/draw_stage.ts";
import { createMissMemory, type JobOptions, lookupCard, LookupError } from "./serve/lookup.ts";
import {
  GATEWAY_FAILURE,
  type ImageResult,
  methodNotAllowed,
  notFound,
  RENDER_ABORTED,
  RENDER_BUSY,
  RENDER_FAILURE,
  toResponse,
} from "./serve/image_answer.ts";
import { type CardStore, createCardStore } from "./serve/store.ts";

export { EMOJI_SETS, type EmojiSet } from "./assets/emoji.ts";
export type { RenderTimings } from "./raster/render.ts";
export type { RendererInfo, RendererName } from "./raster/resvg.ts";
export type { RenderPoolStats } from "./workers/render_pool.ts";

export type { ImageKind } from "../lib/preview_images.ts";
export {
  CLIENT_BUSY,
  DEGRADED_CACHE_CONTROL,
  GATEWAY_FAILURE,
  IMAGE_CACHE_CONTROL,
  NOT_FOUND,
  RENDER_ABORTED,
  RENDER_BUSY,
  RENDER_FAILURE,
  RETRY_AFTER_SECONDS,
} from "./serve/image_answer.ts";
export { STOPPED_LOGO_TTL_MS } from "./serve/draw_stage.ts";
export { isWellFormedTarget, parsePositionVersion, type PositionVersion } from "./job/image_target.ts";
export type { ImageCache, ImageTarget } from "../lib/preview_images.ts";

/**
 * Options of {@linkcode createImageHandler}: the service's
 * (`server/previews/share_images.ts`), plus what tests and benchmarks tune.
 */
export interface ImageHandlerOptions extends ShareImagesOptions {
  /** Logo fetch limits other than the allowed hosts (tests shorten the timeout). */
  logoFetch?: Omit<LogoFetchOptions, "allowedHosts">;
  /**
   * Load fallback fonts and emoji pictures for text Inter cannot draw
   * (default true; tests turn it off to see the difference).
   */
  dynamicAssets?: boolean;
  /** Called once per actual render (not for cache hits or shared renders). */
  onRender?: (target: ImageTarget) => void;
  /** Receives the time spent in each render stage (for benchmarks). */
  onTimings?: (timings: RenderTimings) => void;
  /** Memory budget of one render worker in MiB (resident memory); default 512. */
  memoryBudgetMb?: number;
  /** Draw on the calling thread instead of worker processes (hosts without them); default false. */
  inline?: boolean;
  /** The render worker's entry module (tests only: a wrapper of `render_worker.ts`). */
  workerUrl?: URL;
  /**
   * Budget of uncached work per client (`lib/client_budget.ts`), by `clientOf`;
   * `false` turns it off. Without `clientOf` there is none (the render
   * places alone bound the work).
   */
  clientBudget?: ClientBudgetOptions | false;
  /**
   * How long an unknown token, pool or position (404: the source answered that
   * it knows none) is answered from memory without asking the source again, in
   * ms; default and at most 30,000, 0 never. A failure (500) is never kept.
   */
  missTtlMs?: number;
}

/** The image route handler, with the render pool's controls. */
export interface ImageHandler extends ShareImages {
  /**
   * Starts the render workers, each drawing warm-up cards, and resolves with
   * the renderer once one worker is ready. Call it right after listening
   * (or pass `warm: true`) so the first real request does not pay the
   * first-call costs.
   */
  warm(): Promise<RendererInfo>;
  /** Counters of the render pool. */
  stats(): RenderPoolStats;
}

/**
 * How long an unknown target (404) is answered without a lookup, by default and
 * at most: a token that appears gets its card within this time.
 */
export const MISS_TTL_MS = 30_000;

/** The pool of render workers of `options`. */
function poolOf(options: ImageHandlerOptions): RenderPool {
  return createRenderPool({
    workers: options.workers ?? Math.max(1, navigator.hardwareConcurrency ?? 2),
    timeoutMs: options.timeoutMs ?? 10_000,
    queue: options.queue ?? 64,
    renderer: options.renderer ?? null,
    staticDir: options.staticDir,
    memoryBudgetMb: options.memoryBudgetMb,
    idleMs: options.workerIdleMs,
    treeMemoryMb: options.treeMemoryMb,
    inline: options.inline,
    workerUrl: options.workerUrl,
  });
}

/** What {@linkcode createProducer} composes: the stages an uncached card goes through. */
interface ProducerParts {
  readonly options: ImageHandlerOptions;
  readonly pool: RenderPool;
  readonly store: CardStore;
  readonly draw: DrawStage;
}

/**
 * The work of one uncached card, shared by every request for it: a render
 * place (`503` beyond them), the lookup (`404` unknown, `500` failure), the
 * render, and the cache write of a card drawn whole.
 */
function createProducer({ options, pool, store, draw }: ProducerParts) {
  const logoFetch: LogoFetchOptions = { ...options.logoFetch, allowedHosts: options.logoAllowedHosts };
  return async function produce(
    target: ImageTarget,
    emojiSet: EmojiSet,
    requestUrl: string,
    key: string,
    signal: AbortSignal,
    looked: number,
  ): Promise<ImageResult> {
    // Drawn and cached by another request since this one looked?
    if (store.writtenSince(target, emojiSet, looked)) {
      const hit = await store.read(target, emojiSet);
      if (hit) return { status: 200, body: hit } satisfies ImageResult;
    }
    if (signal.aborted) return GONE;
    // Every uncached request holds a place from here (lookup, logo fetch,
    // render): beyond workers + queue it is turned away at once.
    const release = pool.admit();
    if (!release) {
      logger.warn("Share image refused: render queue full", {
        kind: target.kind,
        network: target.chainName,
        stats: pool.stats(),
      });
      return { status: 503, body: RENDER_BUSY } satisfies ImageResult;
    }
    // Everyone who asked has gone: the place is free for others at once, and what is not under way is not done.
    signal.addEventListener("abort", release, { once: true });
    // A worker boots while the preview is looked up and the logos fetched.
    pool.prepare();
    let drawn: Drawn;
    try {
      const origin = options.publicOrigin || new URL(requestUrl).origin;
      const jobOptions: JobOptions = { emojiSet, dynamicAssets: options.dynamicAssets ?? true, logoFetch };
      const found = await lookupCard(options.previews, target, origin, jobOptions);
      if (!found.found) return notFound(target.kind);
      if (signal.aborted) return GONE;
      options.onRender?.(target);
      drawn = await draw(found.prepared.job, target, key, signal);
      // A logo missing for a reason that may pass (timeout, 5xx) is tried again next time.
      if (!found.prepared.cacheable) drawn = { ...drawn, degraded: true };
    } catch (error) {
      return failed(target, error);
    } finally {
      signal.removeEventListener("abort", release);
      release();
    }
    // A card drawn without its logos is answered but not kept: the next request tries the logo again.
    if (!drawn.degraded) store.write(target, emojiSet, drawn.png);
    return { status: 200, body: drawn.png, degraded: drawn.degraded } satisfies ImageResult;
  };
}

/** What a request whose client has gone is answered (nobody reads it). */
const GONE: ImageResult = { status: 503, body: RENDER_BUSY };

/** The answer of a failed lookup or render; the detail (which may name the gateway's address) goes to the log only. */
function failed(target: ImageTarget, error: unknown): ImageResult {
  if (error instanceof RenderCancelledError) return GONE;
  logger.error(`Cannot render ${target.kind} image`, {
    network: target.chainName,
    address: cacheIdOf(target),
    error: errorText(error),
  });
  if (error instanceof RenderAbortedError) return { status: 503, body: RENDER_ABORTED };
  if (error instanceof LookupError && error.stage === "preview") return { status: 500, body: GATEWAY_FAILURE };
  return { status: 500, body: RENDER_FAILURE };
}

/** The emoji set a request's query asks for (cache hits parse no URL without a query). */
function emojiSetOf(request: Request): EmojiSet {
  const query = request.url.indexOf("?");
  return query < 0 ? DEFAULT_EMOJI_SET : parseEmojiSet(new URLSearchParams(request.url.slice(query + 1)).get("emoji"));
}

/**
 * Creates the handler for the three image routes (tokens, pools,
 * positions). `target` comes from the route's path; the query may carry
 * `emoji=` (twemoji, openmoji, blobmoji, noto, fluent, fluentFlat; anything
 * else means twemoji).
 *
 * Answers: 200 PNG (`no-store` when drawn without its logos, see below); 404 `Token not found.` / `Pool not found.` /
 * `Position not found.` for unknown or malformed targets (see
 * {@linkcode isWellFormedTarget}; a position on a chain without RPC is
 * unknown); 500 `Data gateway unavailable.` when the preview data
 * cannot be read and `Cannot draw this image.` when the card cannot be drawn;
 * 503 with `Retry-After` when every render place (workers + queue) is taken
 * or when even the card without its logos ran past the deadline or memory
 * budget (details to the log, never in the body); 405 for methods other
 * than GET and HEAD. Concurrent requests for the same uncached image (kind,
 * network, address, emoji set) share one preview lookup and one render.
 * Cards are read from and written to `cache` (other emoji sets under their
 * own variant); only 200s are written, so an unknown address that appears
 * later gets its image at once; a 404 from the source is remembered in
 * memory for `missTtlMs` (at most 30 s), so a repeated unknown costs no lookup.
 *
 * Uncached requests are budgeted per client (`clientOf`, `lib/client_budget.ts`):
 * a few at once and a token bucket each, the last render places kept for
 * clients with nothing under way; over it `429` with `Retry-After`. Cache
 * hits and remembered 404s never touch the budget, nor do requests for a
 * card already under way or whose first request waits for its budget.
 *
 * Uncached cards are drawn in the render workers (`render_pool.ts`): the
 * handler fetches the logos (I/O) and hands the workers plain data. A card
 * whose render is stopped (deadline, memory, crash) is drawn again without
 * its logos: letter tiles on the default colour.
 */
export function createImageHandler(options: ImageHandlerOptions): ImageHandler {
  if (options.logger) useLogger(options.logger);
  const flight = createSingleFlight<ImageResult>();
  const pool = poolOf(options);
  const store = createCardStore(options.cache);
  const produce = createProducer({ options, pool, store, draw: createDrawStage(pool, options.onTimings) });
  const misses = createMissMemory(Math.min(options.missTtlMs ?? MISS_TTL_MS, MISS_TTL_MS));
  const admission = createAdmission({
    clientOf: options.clientOf,
    budget: options.clientBudget,
    places: () => pool.stats(),
  });
  const interests = createInterests();

  async function handleImage(request: Request, target: ImageTarget): Promise<Response> {
    const head = request.method === "HEAD";
    if (request.method !== "GET" && !head) return methodNotAllowed();
    if (!isWellFormedTarget(target.chainName, target.address, target.kind, target.version, target.id)) {
      return toResponse(notFound(target.kind), head);
    }
    const normalized = normalizeTarget(target);
    const emojiSet = emojiSetOf(request);
    const missKey = targetKeyOf(normalized);
    if (misses.has(missKey)) return toResponse(notFound(target.kind), head);
    const looked = store.mark();
    const hit = await store.read(normalized, emojiSet);
    if (hit) return toResponse({ status: 200, body: hit }, head);
    // Uncached: the client's budget first, then one lookup and render per key.
    const key = cardKeyOf(normalized, emojiSet);
    const entry = await admission.admit(request, key, () => store.read(normalized, emojiSet));
    if (entry.kind === "cached") return toResponse({ status: 200, body: entry.png }, head);
    if (entry.kind === "refused") return toResponse(entry.result, head);
    if (entry.kind === "gone") return toResponse(GONE, head);
    // The card's work is dropped once every request waiting for it has gone (their clients disconnected).
    const interest = interests.join(key, request.signal);
    let result: ImageResult;
    try {
      const run = flight(
        key,
        () => admission.underWay(key, () => produce(normalized, emojiSet, request.url, key, interest.signal, looked)),
      );
      // the work has begun (the key is under way): those waiting for this admission join it
      entry.started();
      result = await run;
    } finally {
      interest.end();
      entry.release();
    }
    if (result.status === 404) misses.add(missKey);
    return toResponse(result, head);
  }

  if (options.warm) {
    pool.warm().catch((error) =>
      logger.error("Share images: render workers did not start", { error: errorText(error) })
    );
  }

  return Object.assign(handleImage, {
    warm: () => pool.warm(),
    async close() {
      await store.settled();
      await pool.close();
    },
    stats: () => pool.stats(),
  });
}
