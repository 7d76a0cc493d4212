/**
 * The routing of the service, in order:
 * 1. a `Host` that is not a valid `host[:port]` -> `400 Bad Request`;
 * 2. `GET /api/image/{tokens|pools}/{network}/{address}` and
 *    `GET /api/image/positions/{version}/{network}/{id}` -> the share images (`og/`);
 * 3. any other `/api/...` path -> a static file from `static/`, or a plain 404;
 * 4. everything else -> built client assets, public files, then the React Router app (a page of the
 *    preview whitelist goes straight to the app: it is never a public file).
 *
 * Around every answer: the request's URL is rebuilt on its origin (see
 * `origin.ts`: `PUBLIC_ORIGIN`, `X-Forwarded-*` under `TRUST_PROXY`, or the
 * validated `Host`) with the path it asked for; text answers are compressed
 * for clients that accept it (`compress.ts`); security headers are set
 * (`security_headers.ts`); `HEAD` is answered as `GET` would be, minus the
 * body.
 *
 * @module
 */
import { compressResponse } from "./http/compress.ts";
import { resolveOrigin } from "./http/origin.ts";
import type { ImageTarget } from "./previews/share_images.ts";
import { matchPreviewRoute } from "../lib/preview_routes.ts";
import { withSecurityHeaders } from "./http/security_headers.ts";
import { IMMUTABLE, serveFile } from "./http/static_files.ts";

export type { ImageTarget } from "./previews/share_images.ts";

/** What the router dispatches to. */
export interface HandlerParts {
  /** Renders or serves a share image (it answers `HEAD` itself). */
  images(request: Request, target: ImageTarget): Promise<Response>;
  /** The React Router request handler (server-side rendering); `HEAD` arrives as `GET`. */
  app(request: Request): Promise<Response>;
  /** Absolute path of `static/`. */
  staticDir: string;
  /** Absolute path of Vite's client build (`build/client`), or null in dev. */
  clientDir: string | null;
  /** `PUBLIC_ORIGIN`: the origin of every request when set. */
  publicOrigin?: string | null;
  /** `TRUST_PROXY`: take the origin from validated `X-Forwarded-Proto` and `X-Forwarded-Host`. */
  trustProxy?: boolean;
  /** The `Content-Security-Policy` of HTML documents (`contentSecurityPolicy()` of `security_headers.ts`). */
  contentSecurityPolicy?: string;
}

const IMAGE_ROUTES = [
  { kind: "token" as const, pattern: new URLPattern({ pathname: "/api/image/tokens/:chainName/:address" }) },
  { kind: "pool" as const, pattern: new URLPattern({ pathname: "/api/image/pools/:chainName/:address" }) },
  {
    kind: "position" as const,
    pattern: new URLPattern({ pathname: "/api/image/positions/:version/:chainName/:address" }),
  },
];

/** Public files (favicon, icons, default preview image, fonts) may be cached for an hour. */
const PUBLIC_FILE_CACHE = "public, max-age=3600";

function text(body: string, status: number, headers: HeadersInit = {}): Response {
  return new Response(body, { status, headers: { "content-type": "text/plain; charset=utf-8", ...headers } });
}

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? "");
  } catch {
    // Left encoded: `og/` refuses it as a malformed network or address (404).
    return segment ?? "";
  }
}

/**
 * Matches a share image path; `null` for any other path. The method and the
 * shape of network and address are for `og/` to judge (405 and 404 texts).
 */
export function matchImageRoute(pathname: string): ImageTarget | null {
  // Every other path (pages above all) skips the two pattern runs (about 9 us).
  if (!pathname.startsWith("/api/image/")) return null;
  for (const { kind, pattern } of IMAGE_ROUTES) {
    const match = pattern.exec({ pathname });
    if (match) {
      const { chainName, address, version } = match.pathname.groups;
      const target = { kind, chainName: decodeSegment(chainName), address: decodeSegment(address) };
      return version === undefined ? target : { ...target, version: decodeSegment(version) };
    }
  }
  return null;
}

/**
 * The request as the rest of the service should see it: its URL on the
 * resolved origin with the request's own path and query (an absolute-form
 * target contributes its path only). The original is kept when nothing
 * changes, and for WebSocket upgrades (`Deno.upgradeWebSocket` needs the
 * original request).
 */
function onOrigin(request: Request, url: URL, origin: string): Request {
  const href = `${origin}${url.pathname}${url.search}`;
  if (href === url.href || request.headers.has("upgrade")) return request;
  return new Request(href, request);
}

/**
 * The `HEAD` answer for a `GET` answer: same status and headers, no body.
 * Deno itself sends no body for `HEAD` and keeps the headers, deriving
 * `content-length` from the body when none is set (a byte body: its length;
 * a stream: none, as for the chunked GET), so the GET answer can go out as
 * it is. Only a streamed body is cancelled here, so a document render does
 * not run on for nobody.
 */
function headOf(response: Response): Response {
  if (response.headers.has("content-length")) {
    // Known length: a null body keeps the header as set.
    response.body?.cancel().catch(() => {});
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  return response;
}

/** Builds the request handler of the whole service. */
export function createHandler(parts: HandlerParts): (request: Request) => Promise<Response> {
  async function route(request: Request, pathname: string): Promise<Response> {
    const isRead = request.method === "GET" || request.method === "HEAD";

    const target = matchImageRoute(pathname);
    if (target) return await parts.images(request, target);

    if (pathname === "/api" || pathname.startsWith("/api/")) {
      if (!isRead) return text("Method Not Allowed", 405, { allow: "GET, HEAD" });
      return await serveFile(request, parts.staticDir, pathname, PUBLIC_FILE_CACHE) ?? text("Not Found", 404);
    }

    if (isRead) {
      if (parts.clientDir && pathname.startsWith("/assets/")) {
        const asset = await serveFile(request, parts.clientDir, pathname, IMMUTABLE);
        if (asset) return asset;
      }
      // A whitelisted page is never a public file: it skips the file system (two path resolutions and a failed
      // stat on the thread pool, half the cost of a cached crawler document).
      const file = matchPreviewRoute(pathname) === null
        ? await serveFile(request, parts.staticDir, pathname, PUBLIC_FILE_CACHE)
        : null;
      if (file) return file;
    }
    if (request.method === "HEAD") {
      // The app answers HEAD as GET: same loaders, status and headers.
      return await parts.app(
        new Request(request.url, { method: "GET", headers: request.headers, signal: request.signal }),
      );
    }
    return await parts.app(request);
  }

  return async function handle(request: Request): Promise<Response> {
    const resolved = resolveOrigin(request, parts);
    let url: URL | null = null;
    try {
      url = new URL(request.url);
    } catch { /* answered below */ }
    if (!resolved.ok || url === null) return withSecurityHeaders(text("Bad Request", 400), parts);
    const routed = onOrigin(request, url, resolved.origin);
    const response = await route(routed, url.pathname);
    // Protocol switches (WebSocket upgrades) pass untouched.
    if (response.status === 101) return response;
    const finished = withSecurityHeaders(compressResponse(routed, response), parts);
    return request.method === "HEAD" ? headOf(finished) : finished;
  };
}
