/**
 * Share images: `GET /api/image/tokens/{network}/{address}`,
 * `GET /api/image/pools/{network}/{address}` and
 * `GET /api/image/positions/{version}/{network}/{id}` answered as 1200x630 PNG cards.
 * The server mounts {@linkcode createImageHandler}; see `og/README.md`.
 *
 * @module
 */

import { errorText, logger } from "../server/log.ts";
import type { ImageKind } from "../server/cache/cache_keys.ts";
import type { ImageTarget, ShareImages, ShareImagesOptions } from "../server/previews/share_images.ts";
import { cacheIdOf, isWellFormedTarget, normalizeTarget, type PositionVersion } from "./job/image_target.ts";
import { createSingleFlight } from "../lib/single_flight.ts";
import { Lru } from "../lib/lru.ts";
import { type ClientBudgetOptions, createClientBudget } from "./job/client_budget.ts";
import { DEFAULT_EMOJI_SET, type EmojiSet, parseEmojiSet } from "./assets/emoji.ts";
import { cardJobForPool, cardJobForPosition, cardJobForToken, hasLogos, withoutLogos } from "./job/images.tsx";
import type { CardJob } from "./job/card_job.ts";
import type { LogoFetchOptions } from "./logo/logo_fetch.ts";
import type { RenderTimings } from "./raster/render.ts";
import { createRenderPool, RenderAbortedError, type RenderPool, type RenderPoolStats } from "./raster/render_pool.ts";
import type { RendererInfo } from "./raster/resvg.ts";

export { EMOJI_SETS, type EmojiSet } from "./assets/emoji.ts";
export type { RenderTimings } from "./raster/render.ts";
export type { RendererInfo, RendererName } from "./raster/resvg.ts";
export type { RenderPoolStats } from "./raster/render_pool.ts";

export type { ImageKind } from "../server/cache/cache_keys.ts";
export { isWellFormedTarget, parsePositionVersion, type PositionVersion } from "./job/image_target.ts";
export type { ImageCache, ImageTarget } from "../server/previews/share_images.ts";

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
   * Budget of uncached work per client (`client_budget.ts`), by `clientOf`;
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

/** `cache-control` of every image answered with 200. */
export const IMAGE_CACHE_CONTROL = "public, immutable, no-transform, max-age=604800";

/** Body of a 500 when the preview data cannot be read. */
export const GATEWAY_FAILURE = "Data gateway unavailable.";
/** Body of a 500 when the card cannot be drawn. */
export const RENDER_FAILURE = "Cannot draw this image.";
/** Body of a 503 when every render place is taken. */
export const RENDER_BUSY = "Too many images are being drawn; try again shortly.";
/** Body of a 503 when even the card without logos was not drawn within the deadline or memory budget. */
export const RENDER_ABORTED = "Cannot draw this image right now.";
/** Body of a 429 when a client asks for more uncached images than its budget. */
export const CLIENT_BUSY = "Too many new images asked for at once; try again shortly.";
/** `Retry-After` of the 503s, in seconds. */
export const RETRY_AFTER_SECONDS = 5;
/**
 * How long an unknown target (404) is answered without a lookup, by default and
 * at most: a token that appears gets its card within this time.
 */
export const MISS_TTL_MS = 30_000;
/** Unknown targets remembered at most. */
const MAX_MISSES = 10_000;
/** How long a card whose logos stopped a render worker is drawn without them. */
export const STOPPED_LOGO_TTL_MS = 10 * 60_000;

/** Body of the 404 of each kind. */
export const NOT_FOUND: Readonly<Record<ImageKind, string>> = {
  token: "Token not found.",
  pool: "Pool not found.",
  position: "Position not found.",
};

/** The cache variant of an emoji set (none for the default set). */
function variantOf(emojiSet: EmojiSet): string | undefined {
  return emojiSet === DEFAULT_EMOJI_SET ? undefined : `emoji=${emojiSet}`;
}

function notFoundText(kind: ImageKind): string {
  return NOT_FOUND[kind];
}

/** An answer shared by every request that waited on the same render. */
interface ImageResult {
  readonly status: 200 | 404 | 429 | 500 | 503;
  readonly body: Uint8Array | string;
  /** `Retry-After` of a 429, in seconds. */
  readonly retryAfter?: number;
  /** A card drawn without its logos (see `draw`): answered `no-store`, kept by no cache, ours or downstream. */
  readonly degraded?: boolean;
}

// Header lists built once; each response gets its own Headers from them.
const PNG_HEADERS: readonly [string, string][] = [
  ["content-type", "image/png"],
  ["cache-control", IMAGE_CACHE_CONTROL],
  ["x-content-type-options", "nosniff"],
];
const DEGRADED_PNG_HEADERS: readonly [string, string][] = [
  ["content-type", "image/png"],
  ["cache-control", "no-store"],
  ["x-content-type-options", "nosniff"],
];
const TEXT_HEADERS: readonly [string, string][] = [
  ["content-type", "text/plain; charset=utf-8"],
  ["cache-control", "no-store"],
  ["x-content-type-options", "nosniff"],
];
const BUSY_HEADERS: readonly [string, string][] = [...TEXT_HEADERS, ["retry-after", String(RETRY_AFTER_SECONDS)]];
const encoder = new TextEncoder();

function toResponse(result: ImageResult, head: boolean): Response {
  const body = result.body;
  if (typeof body !== "string") {
    // The PNG bytes go out as they are (shared by every waiter and by the
    // cache; the runtime copies them into the response once). GET gets its
    // content-length from the body.
    const headers = result.degraded ? DEGRADED_PNG_HEADERS : PNG_HEADERS;
    return head
      ? new Response(null, { headers: [...headers, ["content-length", String(body.length)]] })
      : new Response(body as Uint8Array<ArrayBuffer>, { headers: headers as [string, string][] });
  }
  const bytes = encoder.encode(body);
  const headers = result.status === 503
    ? BUSY_HEADERS
    : result.status === 429
    ? [...TEXT_HEADERS, ["retry-after", String(result.retryAfter ?? RETRY_AFTER_SECONDS)] as [string, string]]
    : TEXT_HEADERS;
  return new Response(head ? null : bytes, {
    status: result.status,
    headers: [...headers, ["content-length", String(bytes.length)]],
  });
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
 * Uncached requests are budgeted per client (`clientOf`, `client_budget.ts`):
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
  const flight = createSingleFlight<ImageResult>();
  /** Cache writes of drawn cards still under way (answers do not wait for them). */
  const writes = new Set<Promise<unknown>>();
  /** Keys of the lookups and renders under way (joining one adds no work, so costs no budget). */
  const underWay = new Set<string>();
  /** Keys whose first uncached request waits for its client's budget: whether it was admitted. */
  const admissions = new Map<string, Promise<boolean>>();
  const logoFetch: LogoFetchOptions = {
    ...options.logoFetch,
    allowedHosts: options.logoAllowedHosts,
  };
  const pool: RenderPool = createRenderPool({
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

  // Cards whose logos stopped a worker lately are drawn without them at
  // once, so a hostile logo costs one deadline per STOPPED_LOGO_TTL_MS, not one
  // per request (their cards are not cached, so they are asked for again).
  const stoppedLogos = new Lru<number>({ maxBytes: 4096, maxEntries: 4096 });

  // Unknown targets (404) lately asked for, with when that answer expires:
  // a repeated unknown costs no lookup. Failures (500) are never kept.
  const missTtlMs = Math.min(options.missTtlMs ?? MISS_TTL_MS, MISS_TTL_MS);
  const misses = new Lru<number>({ maxBytes: Number.MAX_SAFE_INTEGER, maxEntries: MAX_MISSES });

  // One client's uncached requests cannot take every render place (issue 25).
  const budget = options.clientOf && options.clientBudget !== false
    ? createClientBudget(options.clientBudget || {})
    : null;
  const clientOf = options.clientOf ?? (() => "");
  /** The last render places are kept for clients with no uncached request under way. */
  function reserved(): boolean {
    const { places, admitted } = pool.stats();
    return places - admitted <= Math.max(1, Math.floor(places / 4));
  }
  // Refusals are logged once per client per minute (a flood is thousands).
  const refusalsLogged = new Lru<number>({ maxBytes: Number.MAX_SAFE_INTEGER, maxEntries: 1024 });

  /**
   * Draws the card in a worker; a stopped render is retried once without
   * the logos (`degraded`: such a card is answered but not cached).
   */
  async function draw(
    job: CardJob,
    target: ImageTarget,
    key: string,
  ): Promise<{ png: Uint8Array; degraded: boolean }> {
    if (hasLogos(job) && (stoppedLogos.get(key) ?? 0) > Date.now()) {
      const output = await pool.run(withoutLogos(job));
      return { png: output.png, degraded: true };
    }
    try {
      const output = await pool.run(job);
      if (output.timings) options.onTimings?.(output.timings);
      return { png: output.png, degraded: false };
    } catch (error) {
      if (!(error instanceof RenderAbortedError) || !hasLogos(job)) throw error;
      stoppedLogos.set(key, Date.now() + STOPPED_LOGO_TTL_MS, 1);
      logger.warn("Share image drawn again without its logos", {
        kind: target.kind,
        network: target.chainName,
        address: target.address,
        reason: error.reason,
        error: error.message,
      });
      const output = await pool.run(withoutLogos(job));
      if (output.timings) options.onTimings?.(output.timings);
      return { png: output.png, degraded: true };
    }
  }

  /** The cached card, or `null` (a failed read is logged and reads as a miss). */
  async function cached(target: ImageTarget, variant: string | undefined): Promise<Uint8Array | null> {
    if (!options.cache) return null;
    try {
      return await options.cache.getImage(target.kind, target.chainName, cacheIdOf(target), variant);
    } catch (error) {
      logger.error("Image cache read failed", { error: errorText(error) });
      return null;
    }
  }

  async function produce(
    target: ImageTarget,
    emojiSet: EmojiSet,
    requestUrl: string,
    key: string,
  ): Promise<ImageResult> {
    const { kind, chainName, address } = target;
    const cacheId = cacheIdOf(target);
    const cache = options.cache;
    const variant = variantOf(emojiSet);
    // Drawn and cached by another request since this one looked?
    const hit = await cached(target, variant);
    if (hit) return { status: 200, body: hit };
    // Every uncached request holds a place from here (lookup, logo fetch,
    // render): beyond workers + queue it is turned away at once.
    const release = pool.admit();
    if (!release) {
      logger.warn("Share image refused: render queue full", { kind, network: chainName, stats: pool.stats() });
      return { status: 503, body: RENDER_BUSY };
    }
    // A worker boots while the preview is looked up and the logos fetched.
    pool.prepare();
    const origin = options.publicOrigin || new URL(requestUrl).origin;
    let drawn: { png: Uint8Array; degraded: boolean };
    // Error bodies say what failed in plain words; the detail (which may
    // name the gateway's address) goes to the log only.
    let failure: ImageResult = { status: 500, body: GATEWAY_FAILURE };
    try {
      const drawOptions = { emojiSet, dynamicAssets: options.dynamicAssets ?? true, logoFetch };
      let prepared: { job: CardJob; cacheable: boolean };
      if (kind === "token") {
        const preview = await options.previews.token(chainName, address, origin);
        if (!preview) return { status: 404, body: notFoundText(kind) };
        failure = { status: 500, body: RENDER_FAILURE };
        prepared = await cardJobForToken(preview, chainName, drawOptions);
      } else if (kind === "pool") {
        const preview = await options.previews.pool(chainName, address, origin);
        if (!preview) return { status: 404, body: notFoundText(kind) };
        failure = { status: 500, body: RENDER_FAILURE };
        prepared = await cardJobForPool(preview, chainName, drawOptions);
      } else {
        // A source without positions (or a chain without RPC) knows none.
        const version = target.version as PositionVersion;
        const preview = await options.previews.position?.(version, chainName, address, origin) ?? null;
        if (!preview) return { status: 404, body: notFoundText(kind) };
        failure = { status: 500, body: RENDER_FAILURE };
        prepared = await cardJobForPosition(preview, chainName, drawOptions);
      }
      options.onRender?.(target);
      drawn = await draw(prepared.job, target, key);
      // A logo missing for a reason that may pass (timeout, 5xx) is tried again next time.
      if (!prepared.cacheable) drawn = { ...drawn, degraded: true };
    } catch (error) {
      if (error instanceof RenderAbortedError) failure = { status: 503, body: RENDER_ABORTED };
      logger.error(`Cannot render ${kind} image`, { network: chainName, address: cacheId, error: errorText(error) });
      return failure;
    } finally {
      release();
    }
    // A card drawn without its logos (a stopped render, or a logo fetch that
    // failed for a reason that may pass) is answered but not kept: the next
    // request tries the logo again.
    // The answer does not wait for the KV write (the cache serves the bytes
    // from memory at once); `close()` waits for the writes still under way.
    if (cache && !drawn.degraded) {
      const png = drawn.png;
      const write = (async () => await cache.setImage(kind, chainName, cacheId, png, variant))()
        .catch((error) => logger.error("Image cache write failed", { error: errorText(error) }))
        .finally(() => writes.delete(write));
      writes.add(write);
    }
    return { status: 200, body: drawn.png, degraded: drawn.degraded };
  }

  async function handleImage(request: Request, target: ImageTarget): Promise<Response> {
    const head = request.method === "HEAD";
    if (request.method !== "GET" && !head) {
      return new Response("Method not allowed.", {
        status: 405,
        headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
      });
    }
    if (!isWellFormedTarget(target.chainName, target.address, target.kind, target.version)) {
      return toResponse({ status: 404, body: notFoundText(target.kind) }, head);
    }
    const normalized = normalizeTarget(target);
    // Cache hits are the hot path: the URL is parsed only for a query (and,
    // in produce, for the origin of an uncached render).
    const query = request.url.indexOf("?");
    const emojiSet = query < 0
      ? DEFAULT_EMOJI_SET
      : parseEmojiSet(new URLSearchParams(request.url.slice(query + 1)).get("emoji"));
    const missKey = `${normalized.kind}:${normalized.chainName}:${cacheIdOf(normalized)}`;
    if ((misses.get(missKey) ?? 0) > Date.now()) {
      return toResponse({ status: 404, body: notFoundText(target.kind) }, head);
    }
    const hit = await cached(normalized, variantOf(emojiSet));
    if (hit) return toResponse({ status: 200, body: hit }, head);
    // Uncached: the client's budget first, then one lookup and render per key.
    const key = `${missKey}:${emojiSet}`;
    let release: (() => void) | null = null;
    let admitted: PromiseWithResolvers<boolean> | null = null;
    if (budget) {
      // A request for a key whose first request waits for its client's budget adds no work either: it waits for
      // that admission, then joins the render (or finds the card cached); after a refusal it asks its own budget.
      let admitting = underWay.has(key) ? undefined : admissions.get(key);
      while (admitting) {
        if (await admitting) {
          const now = await cached(normalized, variantOf(emojiSet));
          if (now) return toResponse({ status: 200, body: now }, head);
        }
        admitting = underWay.has(key) ? undefined : admissions.get(key);
      }
    }
    if (budget && !underWay.has(key)) {
      const client = clientOf(request);
      const admission = Promise.withResolvers<boolean>();
      admissions.set(key, admission.promise);
      let entry: Awaited<ReturnType<typeof budget.enter>>;
      try {
        entry = await budget.enter(client, reserved);
      } catch (error) {
        admissions.delete(key);
        admission.resolve(false);
        throw error;
      }
      if (!entry.ok) {
        admissions.delete(key);
        admission.resolve(false);
        if ((refusalsLogged.get(client) ?? 0) < Date.now()) {
          refusalsLogged.set(client, Date.now() + 60_000, 1);
          logger.warn("Share images refused: a client's budget of uncached images is spent", {
            client,
            reason: entry.reason,
            budget: budget.stats(),
          });
        }
        return toResponse({ status: 429, body: CLIENT_BUSY, retryAfter: entry.retryAfterSeconds }, head);
      }
      release = entry.release;
      admitted = admission;
    }
    let result: ImageResult;
    try {
      const run = flight(key, async () => {
        underWay.add(key);
        try {
          return await produce(normalized, emojiSet, request.url, key);
        } finally {
          underWay.delete(key);
        }
      });
      // the render has begun (the key is under way): those waiting for this admission join it
      if (admitted) {
        admissions.delete(key);
        admitted.resolve(true);
      }
      result = await run;
    } finally {
      release?.();
    }
    if (result.status === 404 && missTtlMs > 0) misses.set(missKey, Date.now() + missTtlMs, 1);
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
      await Promise.all(writes);
      await pool.close();
    },
    stats: () => pool.stats(),
  });
}
