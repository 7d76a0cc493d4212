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
import { addressKey, isAddress, isNativePlaceholder, NATIVE_PLACEHOLDER, parsePoolAddress } from "../lib/address.ts";
import { parseChain, resolveTokenAddress } from "../lib/chains.ts";
import { createSingleFlight } from "../lib/single_flight.ts";
import { Lru } from "../lib/lru.ts";
import { DEFAULT_EMOJI_SET, type EmojiSet, parseEmojiSet } from "./emoji.ts";
import {
  type CardJob,
  cardJobForPool,
  cardJobForPosition,
  cardJobForToken,
  hasLogos,
  positionAsPoolJob,
  withoutLogos,
} from "./images.tsx";
import type { LogoFetchOptions } from "./logo_fetch.ts";
import type { RenderTimings } from "./render.ts";
import { createRenderPool, RenderAbortedError, type RenderPool, type RenderPoolStats } from "./render_pool.ts";
import type { RendererInfo } from "./resvg.ts";

export { EMOJI_SETS, type EmojiSet } from "./emoji.ts";
export type { RenderTimings } from "./render.ts";
export type { RendererInfo, RendererName } from "./resvg.ts";
export type { RenderPoolStats } from "./render_pool.ts";

export type { ImageKind } from "../server/cache/cache_keys.ts";
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

/** Position versions of the image route (`/api/image/positions/{version}/...`). */
export type PositionVersion = "v2" | "v3" | "v4";

/** Longest decimal token id of a V3/V4 position: a uint256 has at most 78 digits. */
const TOKEN_ID_RE = /^[0-9]{1,78}$/;

/** `version` as a position version (`v2`, `v3`, `v4`, any case), or `null`. */
export function parsePositionVersion(version: string | undefined): PositionVersion | null {
  const lower = version?.toLowerCase();
  return lower === "v2" || lower === "v3" || lower === "v4" ? lower : null;
}

/**
 * Whether `chainName` and `address` can name a token, pool or position at
 * all, by the one chain and address parsers (`lib/chains.ts`,
 * `lib/address.ts`): a supported chain, and for a token `NATIVE` or an
 * address of that chain (a base58 mint on Solana, `0x` + 40 hex digits
 * elsewhere), for a pool a V2/V3 address or a V4 pool id, for a position of
 * `version` `v2` a pair address (`0x` + 40 hex digits) and of `v3`/`v4` a
 * decimal token id of at most 78 digits.
 */
export function isWellFormedTarget(
  chainName: string,
  address: string,
  kind: ImageKind = "token",
  version?: string,
): boolean {
  const chain = parseChain(chainName);
  if (chain === null || chain === "UNKNOWN_CHAIN") return false;
  if (kind === "position") {
    const parsed = parsePositionVersion(version);
    if (parsed === null) return false;
    return parsed === "v2" ? isAddress(address) : TOKEN_ID_RE.test(address);
  }
  try {
    if (kind === "token") resolveTokenAddress(chain, address);
    else parsePoolAddress(address);
    return true;
  } catch {
    return false;
  }
}

/**
 * The one spelling of a well-formed target that caches and shared renders
 * key on: chain lower-cased, `0x` addresses lower-cased (a Solana mint is
 * case-sensitive and kept), `NATIVE` upper-cased, a token id without leading
 * zeros, a position's version lower-cased.
 */
function normalizeTarget(target: ImageTarget): ImageTarget {
  const chainName = target.chainName.toLowerCase();
  if (target.kind === "position") {
    const version = parsePositionVersion(target.version)!;
    const address = version === "v2" ? addressKey(target.address) : BigInt(target.address).toString();
    return { kind: "position", chainName, address, version };
  }
  const address = isNativePlaceholder(target.address) ? NATIVE_PLACEHOLDER : addressKey(target.address);
  return { kind: target.kind, chainName, address };
}

/** The cache's id of a normalized target: the address, or `{version}:{id}` for a position (`v3:1234`). */
function cacheIdOf(target: ImageTarget): string {
  return target.kind === "position" ? `${target.version}:${target.address}` : target.address;
}

/** Body of a 500 when the preview data cannot be read. */
export const GATEWAY_FAILURE = "Data gateway unavailable.";
/** Body of a 500 when the card cannot be drawn. */
export const RENDER_FAILURE = "Cannot draw this image.";
/** Body of a 503 when every render place is taken. */
export const RENDER_BUSY = "Too many images are being drawn; try again shortly.";
/** Body of a 503 when even the card without logos was not drawn within the deadline or memory budget. */
export const RENDER_ABORTED = "Cannot draw this image right now.";
/** `Retry-After` of the 503s, in seconds. */
export const RETRY_AFTER_SECONDS = 5;
/** How long a card whose logos stopped a render worker is drawn without them. */
export const STOPPED_LOGO_TTL_MS = 10 * 60_000;

/** Body of the 404 of each kind. */
export const NOT_FOUND: Readonly<Record<ImageKind, string>> = {
  token: "Token not found.",
  pool: "Pool not found.",
  position: "Position not found.",
};

function notFoundText(kind: ImageKind): string {
  return NOT_FOUND[kind];
}

/** An answer shared by every request that waited on the same render. */
interface ImageResult {
  readonly status: 200 | 404 | 500 | 503;
  readonly body: Uint8Array | string;
}

// Header lists built once; each response gets its own Headers from them.
const PNG_HEADERS: readonly [string, string][] = [
  ["content-type", "image/png"],
  ["cache-control", IMAGE_CACHE_CONTROL],
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
    return head
      ? new Response(null, { headers: [...PNG_HEADERS, ["content-length", String(body.length)]] })
      : new Response(body as Uint8Array<ArrayBuffer>, { headers: PNG_HEADERS as [string, string][] });
  }
  const bytes = encoder.encode(body);
  const headers = result.status === 503 ? BUSY_HEADERS : TEXT_HEADERS;
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
 * Answers: 200 PNG; 404 `Token not found.` / `Pool not found.` /
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
 * later gets its image at once.
 *
 * Uncached cards are drawn in the render workers (`render_pool.ts`): the
 * handler fetches the logos (I/O) and hands the workers plain data. A card
 * whose render is stopped (deadline, memory, crash) is drawn again without
 * its logos: letter tiles on the default colour.
 */
export function createImageHandler(options: ImageHandlerOptions): ImageHandler {
  const flight = createSingleFlight<ImageResult>();
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
    inline: options.inline,
    workerUrl: options.workerUrl,
  });

  // Cards whose logos stopped a worker lately are drawn without them at
  // once, so a hostile logo costs one deadline per STOPPED_LOGO_TTL_MS, not one
  // per request (their cards are not cached, so they are asked for again).
  const stoppedLogos = new Lru<number>({ maxBytes: 4096, maxEntries: 4096 });

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

  async function produce(
    target: ImageTarget,
    emojiSet: EmojiSet,
    requestUrl: string,
    key: string,
  ): Promise<ImageResult> {
    const { kind, chainName, address } = target;
    const cacheId = cacheIdOf(target);
    const cache = options.cache;
    const variant = emojiSet === DEFAULT_EMOJI_SET ? undefined : `emoji=${emojiSet}`;
    if (cache) {
      try {
        const cached = await cache.getImage(kind, chainName, cacheId, variant);
        if (cached) return { status: 200, body: cached };
      } catch (error) {
        logger.error("Image cache read failed", { error: errorText(error) });
      }
    }
    // Every uncached request holds a place from here (lookup, logo fetch,
    // render): beyond workers + queue it is turned away at once.
    const release = pool.admit();
    if (!release) {
      logger.warn("Share image refused: render queue full", { kind, network: chainName, stats: pool.stats() });
      return { status: 503, body: RENDER_BUSY };
    }
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
        const position = await cardJobForPosition(preview, chainName, drawOptions);
        prepared = { job: positionAsPoolJob(position.job), cacheable: position.cacheable };
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
    if (cache && !drawn.degraded) {
      try {
        await cache.setImage(kind, chainName, cacheId, drawn.png, variant);
      } catch (error) {
        logger.error("Image cache write failed", { error: errorText(error) });
      }
    }
    return { status: 200, body: drawn.png };
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
    const key = [
      normalized.kind,
      normalized.chainName,
      cacheIdOf(normalized),
      emojiSet,
    ].join(":");
    const result = await flight(key, () => produce(normalized, emojiSet, request.url, key));
    return toResponse(result, head);
  }

  if (options.warm) {
    pool.warm().catch((error) =>
      logger.error("Share images: render workers did not start", { error: errorText(error) })
    );
  }

  return Object.assign(handleImage, {
    warm: () => pool.warm(),
    close: () => pool.close(),
    stats: () => pool.stats(),
  });
}
