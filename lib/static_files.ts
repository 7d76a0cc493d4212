/**
 * Safe static file serving: the path is decoded and checked segment by segment first, so traversal
 * (`..` raw or percent-encoded), NUL and control characters, backslashes and
 * dotfiles never reach the file system.
 *
 * @module
 */
import { extname, join, resolve, sep } from "node:path";
import mime from "mime";

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
  let body: Deno.FsFile;
  let size: number;
  try {
    body = await Deno.open(file, { read: true });
    size = (await body.stat()).size;
  } catch {
    return null;
  }
  const headers = new Headers({
    "content-type": contentType(file),
    "content-length": String(size),
    "cache-control": cacheControl,
  });
  if (request.method === "HEAD") {
    body.close();
    return new Response(null, { status: 200, headers });
  }
  return new Response(body.readable, { status: 200, headers });
}

function contentType(file: string): string {
  const type = mime.getType(extname(file)) ?? "application/octet-stream";
  return /^(text\/|application\/(javascript|json|manifest\+json|xml))|\+xml$/.test(type)
    ? `${type}; charset=utf-8`
    : type;
}
