/**
 * Share images: `GET /api/image/tokens/{network}/{address}` and
 * `GET /api/image/pools/{network}/{address}` answered as 1200x630 PNG cards.
 * The server mounts {@linkcode createImageHandler}; see `og/README.md`.
 *
 * @module
 */

import type { PreviewSource } from "../lib/preview_types.ts";
import { addressKey, parseChain, parsePoolAddress, resolveTokenAddress } from "../queries/chains.ts";
import { createSingleFlight } from "../lib/single_flight.ts";
import { DEFAULT_EMOJI_SET, type EmojiSet, parseEmojiSet } from "./emoji.ts";
import { createDefaultFontLoader } from "./fonts.ts";
import { type ImageContext, renderPoolImage, renderTokenImage } from "./images.tsx";
import type { LogoFetchOptions } from "./logo_fetch.ts";
import type { RenderTimings } from "./render.ts";

export { EMOJI_SETS, type EmojiSet } from "./emoji.ts";
export type { RenderTimings } from "./render.ts";

/** Kind of share image. */
export type ImageKind = "token" | "pool";

/** Which image a request asks for (from the route's path parameters). */
export interface ImageTarget {
  readonly kind: ImageKind;
  readonly networkName: string;
  readonly address: string;
}

/**
 * Stored PNGs of rendered cards (implemented over Deno KV by
 * `lib/kv_cache.ts`). Only successful renders are stored.
 */
export interface ImageCache {
  /**
   * `variant` tells apart renderings of the same target: absent for the
   * default emoji set, `emoji=<set>` otherwise.
   */
  getImage(
    kind: ImageKind,
    networkName: string,
    address: string,
    variant?: string,
  ): Promise<Uint8Array | null>;
  setImage(
    kind: ImageKind,
    networkName: string,
    address: string,
    png: Uint8Array,
    variant?: string,
  ): Promise<void>;
}

/** Options of {@linkcode createImageHandler}. */
export interface ImageHandlerOptions {
  /** Preview data; `null` = unknown (404), a throw = failure (500). */
  previews: PreviewSource;
  /** Rendered PNGs; `null` = no cache. */
  cache: ImageCache | null;
  /** Absolute path of the repository's `static/` folder (fonts in `static/fonts/`). */
  staticDir: string;
  /** `host:port` entries whose logos may be fetched although private or loopback. */
  logoAllowedHosts: readonly string[];
  /** `PUBLIC_ORIGIN`; the request's origin is used when missing. */
  publicOrigin?: string | null;
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
}

/** `cache-control` of every image answered with 200. */
export const IMAGE_CACHE_CONTROL = "public, immutable, no-transform, max-age=604800";

/**
 * Whether `networkName` and `address` can name a token or pool at all, by
 * the one address parser of `queries/chains.ts`: a supported chain, and for
 * a token `NATIVE` or an address of that chain (a base58 mint on Solana,
 * `0x` + 40 hex digits elsewhere), for a pool a V2/V3 address or a V4 pool id.
 */
export function isWellFormedTarget(networkName: string, address: string, kind: ImageKind = "token"): boolean {
  const chain = parseChain(networkName);
  if (chain === null || chain === "UNKNOWN_CHAIN") return false;
  try {
    if (kind === "token") resolveTokenAddress(chain, address);
    else parsePoolAddress(address);
    return true;
  } catch {
    return false;
  }
}

/** Body of a 500 when the preview data cannot be read. */
export const GATEWAY_FAILURE = "Data gateway unavailable.";
/** Body of a 500 when the card cannot be drawn. */
export const RENDER_FAILURE = "Cannot draw this image.";

function notFoundText(kind: ImageKind): string {
  return kind === "token" ? "Token not found." : "Pool not found.";
}

/** An answer shared by every request that waited on the same render. */
interface ImageResult {
  readonly status: 200 | 404 | 500;
  readonly body: Uint8Array | string;
}

function toResponse(result: ImageResult, head: boolean): Response {
  const headers = new Headers();
  if (result.status === 200) {
    headers.set("content-type", "image/png");
    headers.set("cache-control", IMAGE_CACHE_CONTROL);
  } else {
    headers.set("content-type", "text/plain; charset=utf-8");
    headers.set("cache-control", "no-store");
  }
  const body = result.body;
  headers.set(
    "content-length",
    String(typeof body === "string" ? new TextEncoder().encode(body).length : body.length),
  );
  return new Response(
    head ? null : (typeof body === "string" ? body : body.slice()),
    { status: result.status, headers },
  );
}

/**
 * Creates the handler for the two image routes. `target` comes from the
 * route's path; the query may carry `emoji=` (twemoji, openmoji, blobmoji,
 * noto, fluent, fluentFlat; anything else means twemoji).
 *
 * Answers: 200 PNG; 404 `Token not found.` / `Pool not found.` for unknown or
 * malformed targets; 500 `Data gateway unavailable.` when the preview data
 * cannot be read and `Cannot draw this image.` when the card cannot be drawn
 * (details to the log, never in the body); 405
 * for methods other than GET and HEAD. Concurrent requests for the same
 * uncached image (kind, network, address, emoji set) share one preview
 * lookup and one render. Cards are read from and written to `cache` (other
 * emoji sets under their own variant); only 200s are written.
 */
export function createImageHandler(
  options: ImageHandlerOptions,
): (request: Request, target: ImageTarget) => Promise<Response> {
  const fonts = createDefaultFontLoader(options.staticDir);
  const flight = createSingleFlight<ImageResult>();
  const logoFetch: LogoFetchOptions = {
    ...options.logoFetch,
    allowedHosts: options.logoAllowedHosts,
  };

  async function produce(
    target: ImageTarget,
    emojiSet: EmojiSet,
    origin: string,
  ): Promise<ImageResult> {
    const { kind, networkName, address } = target;
    const cache = options.cache;
    const variant = emojiSet === DEFAULT_EMOJI_SET ? undefined : `emoji=${emojiSet}`;
    if (cache) {
      try {
        const cached = await cache.getImage(kind, networkName, address, variant);
        if (cached) return { status: 200, body: cached };
      } catch (error) {
        console.error(`Image cache read failed: ${(error as Error).message}`);
      }
    }
    const context: ImageContext = {
      fonts,
      logoFetch,
      emojiSet,
      dynamicAssets: options.dynamicAssets ?? true,
      origin,
      onTimings: options.onTimings,
    };
    let png: Uint8Array;
    // Error bodies say what failed in plain words; the detail (which may
    // name the gateway's address) goes to the log only.
    let failure = GATEWAY_FAILURE;
    try {
      if (kind === "token") {
        const preview = await options.previews.token(networkName, address, origin);
        if (!preview) return { status: 404, body: notFoundText(kind) };
        failure = RENDER_FAILURE;
        options.onRender?.(target);
        png = await renderTokenImage(preview, networkName, context);
      } else {
        const preview = await options.previews.pool(networkName, address, origin);
        if (!preview) return { status: 404, body: notFoundText(kind) };
        failure = RENDER_FAILURE;
        options.onRender?.(target);
        png = await renderPoolImage(preview, networkName, context);
      }
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      console.error(`Cannot render ${kind} image ${networkName}/${address}: ${message}`);
      return { status: 500, body: failure };
    }
    if (cache) {
      try {
        await cache.setImage(kind, networkName, address, png, variant);
      } catch (error) {
        console.error(`Image cache write failed: ${(error as Error).message}`);
      }
    }
    return { status: 200, body: png };
  }

  return async function handleImage(request, target) {
    const head = request.method === "HEAD";
    if (request.method !== "GET" && !head) {
      return new Response("Method not allowed.", {
        status: 405,
        headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
      });
    }
    if (!isWellFormedTarget(target.networkName, target.address, target.kind)) {
      return toResponse({ status: 404, body: notFoundText(target.kind) }, head);
    }
    const normalized: ImageTarget = {
      kind: target.kind,
      networkName: target.networkName.toLowerCase(),
      // 0x addresses are case-insensitive; a Solana mint is case-sensitive and kept.
      address: /^native$/i.test(target.address) ? "NATIVE" : addressKey(target.address),
    };
    const url = new URL(request.url);
    const emojiSet = parseEmojiSet(url.searchParams.get("emoji"));
    const origin = options.publicOrigin || url.origin;
    const key = [
      normalized.kind,
      normalized.networkName,
      normalized.address,
      emojiSet,
    ].join(":");
    const result = await flight(key, () => produce(normalized, emojiSet, origin));
    return toResponse(result, head);
  };
}
