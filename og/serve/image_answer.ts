/**
 * The response stage of the share images: what every outcome of an image
 * request looks like on the wire (PNG or plain text, cache headers, the
 * `Retry-After` of refusals). No other stage builds a `Response`.
 *
 * @module
 */
import type { ImageKind } from "../../lib/preview_images.ts";

/** `cache-control` of every card answered with 200 and drawn whole. */
export const IMAGE_CACHE_CONTROL = "public, immutable, no-transform, max-age=604800";
/** `cache-control` of a card drawn without its logos: no cache, ours or downstream, may keep it. */
export const DEGRADED_CACHE_CONTROL = "no-store";

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

/** Body of the 404 of each kind. */
export const NOT_FOUND: Readonly<Record<ImageKind, string>> = {
  token: "Token not found.",
  pool: "Pool not found.",
  position: "Position not found.",
  nft_asset: "NFT not found.",
  nft_collection: "NFT collection not found.",
};

/** An answer shared by every request that waited on the same render. */
export interface ImageResult {
  readonly status: 200 | 404 | 429 | 500 | 503;
  readonly body: Uint8Array | string;
  /** `Retry-After` of a 429, in seconds. */
  readonly retryAfter?: number;
  /** A card drawn without its logos: answered `no-store`, kept by no cache, ours or downstream. */
  readonly degraded?: boolean;
}

/** The 404 of a kind. */
export function notFound(kind: ImageKind): ImageResult {
  return { status: 404, body: NOT_FOUND[kind] };
}

// Header lists built once; each response gets its own Headers from them.
const PNG_HEADERS: readonly [string, string][] = [
  ["content-type", "image/png"],
  ["cache-control", IMAGE_CACHE_CONTROL],
  ["x-content-type-options", "nosniff"],
];
const DEGRADED_PNG_HEADERS: readonly [string, string][] = [
  ["content-type", "image/png"],
  ["cache-control", DEGRADED_CACHE_CONTROL],
  ["x-content-type-options", "nosniff"],
];
const TEXT_HEADERS: readonly [string, string][] = [
  ["content-type", "text/plain; charset=utf-8"],
  ["cache-control", "no-store"],
  ["x-content-type-options", "nosniff"],
];
const BUSY_HEADERS: readonly [string, string][] = [...TEXT_HEADERS, ["retry-after", String(RETRY_AFTER_SECONDS)]];
const encoder = new TextEncoder();

/**
 * The PNG's bytes as a body, without copying them: `new Response(bytes)`
 * copies a `Uint8Array` (the Fetch standard's "extract a body" takes a copy;
 * 9.7% of the service's CPU under load was that copy), a stream of the one
 * chunk hands the very bytes (shared by every waiter and by the cache) to the
 * server's write. Not a byte stream: that would transfer (detach) them.
 */
export function pngStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(bytes);
      controller.close();
    },
  });
}

/** The `405` of a method other than GET and HEAD. */
export function methodNotAllowed(): Response {
  return new Response("Method not allowed.", {
    status: 405,
    headers: { allow: "GET, HEAD", "content-type": "text/plain; charset=utf-8" },
  });
}

/** The answer of `result` (`head`: the same headers, no body). */
export function toResponse(result: ImageResult, head: boolean): Response {
  const body = result.body;
  if (typeof body !== "string") {
    const headers: [string, string][] = [
      ...(result.degraded ? DEGRADED_PNG_HEADERS : PNG_HEADERS),
      ["content-length", String(body.length)],
    ];
    return new Response(head ? null : pngStream(body), { headers });
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
