/**
 * Which answers the connection guard may repeat itself for a moment (its
 * microcache, `server/conn_guard/microcache.ts`): a share image answered
 * `200` with a public `Cache-Control`, and a crawler document (a crawler's
 * view of a whitelisted page, `lib/crawler_view.ts`) answered `200` as HTML.
 * Never an answer that sets a cookie or is `private`/`no-store`/`no-cache`,
 * never one to a request with a cookie or credentials. The mark is an
 * internal header the guard strips from every answer; it is set only when
 * the guard is in front (`listen.ts`).
 *
 * @module
 */
import { isCrawlerView } from "../../lib/crawler_view.ts";
import { MICROCACHE_HEADER } from "../conn_guard/microcache.ts";
import { matchImageRoute } from "../middleware/share_images.ts";

/** How long the guard may repeat a share image, in ms (the image itself is immutable). */
export const IMAGE_MICROCACHE_MS = 2_000;
/** How long the guard may repeat a crawler document, in ms. */
export const DOCUMENT_MICROCACHE_MS = 1_000;

/** How long the guard may repeat `response` to `request`, in ms; 0: not at all. */
export function microcacheTtl(request: Request, response: Response): number {
  if (response.status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return 0;
  if (request.headers.has("cookie") || request.headers.has("authorization")) return 0;
  const headers = response.headers;
  const cacheControl = headers.get("cache-control") ?? "";
  if (headers.has("set-cookie") || /private|no-store|no-cache/i.test(cacheControl)) return 0;
  // The type first: most answers are neither, and the URL is parsed only for those that are.
  const type = headers.get("content-type") ?? "";
  const image = /^image\//i.test(type) && /(^|[\s,])public([\s,]|$)/i.test(cacheControl);
  if (!image && !/^text\/html/i.test(type)) return 0;
  let pathname: string;
  try {
    pathname = new URL(request.url).pathname;
  } catch {
    return 0;
  }
  if (matchImageRoute(pathname) !== null) return image ? IMAGE_MICROCACHE_MS : 0;
  return !image && isCrawlerView(request, pathname) ? DOCUMENT_MICROCACHE_MS : 0;
}

/**
 * `response`, marked for the guard's microcache when {@linkcode microcacheTtl} allows it; a mark
 * it already carries (from a proxied upstream) is dropped otherwise.
 */
export function markForMicrocache(request: Request, response: Response): Response {
  const ttl = microcacheTtl(request, response);
  if (ttl === 0 && !response.headers.has(MICROCACHE_HEADER)) return response;
  const mark = (headers: Headers) =>
    ttl === 0 ? headers.delete(MICROCACHE_HEADER) : headers.set(MICROCACHE_HEADER, String(ttl));
  try {
    mark(response.headers);
    return response;
  } catch {
    // Immutable headers: a copy carries the mark.
    const headers = new Headers(response.headers);
    mark(headers);
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}
