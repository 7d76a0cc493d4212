/**
 * Files from disk (`server/http/static_files.ts`: safe paths, strong ETag and
 * `304`, `HEAD`):
 * - {@linkcode apiFiles}: any `/api/...` path the images did not take is a
 *   file from `static/` at the same path, or a plain `404` (other methods
 *   `405`);
 * - {@linkcode assets}: Vite's built client assets (`/assets/*`, immutable);
 * - {@linkcode publicFiles}: favicons, icons, `site.webmanifest`,
 *   `robots.txt` from `static/`. A page of the preview whitelist is never a
 *   public file: it skips the file system (two path resolutions and a failed
 *   stat on the thread pool, half the cost of a cached crawler document).
 *
 * @module
 */
import { matchPreviewRoute } from "../../lib/preview_routes.ts";
import { IMMUTABLE, serveFile } from "../http/static_files.ts";
import type { Middleware } from "./compose.ts";

/** Public files (favicon, icons, default preview image, fonts) may be cached for an hour. */
const PUBLIC_FILE_CACHE = "public, max-age=3600";

function text(body: string, status: number, headers: HeadersInit = {}): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}

function isRead(request: Request): boolean {
  return request.method === "GET" || request.method === "HEAD";
}

/** `/api/...`: a file of `staticDir`, `404`, or `405` for other methods. */
export function apiFiles(staticDir: string): Middleware {
  return (ctx) => {
    const { pathname } = ctx.url;
    // Other paths pass on without a promise of this step's own (the pages' hot path walks every step).
    if (pathname !== "/api" && !pathname.startsWith("/api/")) return ctx.next();
    if (!isRead(ctx.request)) return Promise.resolve(text("Method Not Allowed", 405, { allow: "GET, HEAD" }));
    return serveFile(ctx.request, staticDir, pathname, PUBLIC_FILE_CACHE).then((file) =>
      file ?? text("Not Found", 404)
    );
  };
}

/** `/assets/*` from the client build; `null` (left out) in dev, where Vite serves them. */
export function assets(clientDir: string | null): Middleware | null {
  if (clientDir === null) return null;
  return (ctx) => {
    if (!isRead(ctx.request) || !ctx.url.pathname.startsWith("/assets/")) return ctx.next();
    return serveFile(ctx.request, clientDir, ctx.url.pathname, IMMUTABLE).then((asset) => asset ?? ctx.next());
  };
}

/** Public files of `staticDir`, except on whitelisted pages. */
export function publicFiles(staticDir: string): Middleware {
  return (ctx) => {
    if (!isRead(ctx.request) || matchPreviewRoute(ctx.url.pathname) !== null) return ctx.next();
    return serveFile(ctx.request, staticDir, ctx.url.pathname, PUBLIC_FILE_CACHE).then((file) => file ?? ctx.next());
  };
}
