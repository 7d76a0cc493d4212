/**
 * The routing of the service, in order:
 * 1. `GET /api/image/{tokens|pools}/{network}/{address}` -> the share images (`og/`);
 * 2. any other `/api/...` path -> a static file from `static/`, or a plain 404;
 * 3. everything else -> built client assets, public files, then the React Router app.
 *
 * @module
 */
import { IMMUTABLE, serveFile } from "./static_files.ts";

/** A share image request, as the router decoded it. */
export interface ImageTarget {
  readonly kind: "token" | "pool";
  readonly networkName: string;
  readonly address: string;
}

/** What the router dispatches to. */
export interface HandlerParts {
  /** Renders or serves a share image. */
  images(request: Request, target: ImageTarget): Promise<Response>;
  /** The React Router request handler (server-side rendering). */
  app(request: Request): Promise<Response>;
  /** Absolute path of `static/`. */
  staticDir: string;
  /** Absolute path of Vite's client build (`build/client`), or null in dev. */
  clientDir: string | null;
}

const IMAGE_ROUTES = [
  { kind: "token" as const, pattern: new URLPattern({ pathname: "/api/image/tokens/:networkName/:address" }) },
  { kind: "pool" as const, pattern: new URLPattern({ pathname: "/api/image/pools/:networkName/:address" }) },
];

/** Public files (favicon, default preview image, fonts) may be cached for an hour. */
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
  for (const { kind, pattern } of IMAGE_ROUTES) {
    const match = pattern.exec({ pathname });
    if (match) {
      const { networkName, address } = match.pathname.groups;
      return { kind, networkName: decodeSegment(networkName), address: decodeSegment(address) };
    }
  }
  return null;
}

/** Builds the request handler of the whole service. */
export function createHandler(parts: HandlerParts): (request: Request) => Promise<Response> {
  return async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const { pathname } = url;
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
      const file = await serveFile(request, parts.staticDir, pathname, PUBLIC_FILE_CACHE);
      if (file) return file;
    }
    return await parts.app(request);
  };
}
