/**
 * Safe static file serving on top of `@remix-run/deno`'s `serveStaticFiles`:
 * the path is decoded and checked segment by segment first, so traversal
 * (`..` raw or percent-encoded), NUL and control characters, backslashes and
 * dotfiles never reach the file system.
 *
 * @module
 */
import { serveStaticFiles } from "@remix-run/deno";
import { join, resolve, sep } from "node:path";

/** Cache policy of fingerprinted build assets. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Turns a URL pathname into a path relative to a static root, or `null` when
 * the path is not one a static file can have.
 */
export function safeRelativePath(pathname: string): string | null {
  if (!pathname.startsWith("/") || pathname.length > 1024) return null;
  const segments: string[] = [];
  for (const raw of pathname.slice(1).split("/")) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    // deno-lint-ignore no-control-regex
    if (segment === "" || segment.startsWith(".") || /[\x00-\x1f\x7f\\/:]/.test(segment)) return null;
    segments.push(segment);
  }
  return segments.length === 0 ? null : segments.join("/");
}

/**
 * Serves the file at `pathname` below `root`, or answers `null` when there is
 * no such file (the caller decides what a miss means).
 */
export async function serveFile(
  request: Request,
  root: string,
  pathname: string,
  cacheControl: string,
): Promise<Response | null> {
  const relative = safeRelativePath(pathname);
  if (relative === null) return null;
  const base = resolve(root);
  const file = resolve(join(base, relative));
  if (!file.startsWith(base + sep)) return null;
  try {
    const info = await Deno.stat(file);
    if (!info.isFile) return null;
  } catch {
    return null;
  }
  const url = new URL(request.url);
  const fileRequest = new Request(new URL(`/${relative}`, url.origin), { method: "GET" });
  try {
    const response = await serveStaticFiles(fileRequest, { publicDir: base, cacheControl });
    if (request.method === "HEAD") return new Response(null, { status: response.status, headers: response.headers });
    return response;
  } catch {
    return null;
  }
}
