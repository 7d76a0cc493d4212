/**
 * Safe static file serving with validators and compression:
 *
 * - the path is decoded and checked segment by segment first, so traversal
 *   (`..` raw or percent-encoded), NUL and control characters, backslashes
 *   and dotfiles never reach the file system;
 * - every file carries a strong `ETag` (SHA-256 of its bytes, so every
 *   instance agrees) and `Last-Modified`; `If-None-Match` (and, without it,
 *   `If-Modified-Since`) answers `304 Not Modified`;
 * - text files (JS, CSS, SVG, JSON, the manifest, robots.txt) are sent with
 *   brotli or gzip when the client accepts it, compressed once and kept in
 *   memory next to the raw bytes (`Vary: Accept-Encoding`, the ETag gets the
 *   coding appended, `content-length` is the encoded length);
 * - `HEAD` answers the same headers as `GET`, `content-length` included.
 *
 * Files up to {@linkcode MAX_MEMORY_FILE} bytes are held in a byte-bounded
 * LRU keyed by path, re-read when size or modification time change; larger
 * files are streamed from disk with an ETag made of size and time.
 *
 * @module
 */
import { extname, join, resolve, sep } from "node:path";
import mime from "mime";
import {
  addVary,
  compressBytes,
  encodedEtag,
  type Encoding,
  isCompressibleType,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compress.ts";
import { Lru } from "../../lib/lru.ts";
import { sha256 } from "../../lib/bytes.ts";

/** Cache policy of fingerprinted build assets. */
export const IMMUTABLE = "public, max-age=31536000, immutable";

/** Largest file held in memory (and compressed); larger ones are streamed raw. */
export const MAX_MEMORY_FILE = 4 * 1024 * 1024;

/** Bytes of raw and compressed files held in memory at most. */
const MEMORY_BUDGET = 64 * 1024 * 1024;

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

/** The `content-type` of a file name (text types with `charset=utf-8`). */
export function contentType(file: string): string {
  const type = mime.getType(extname(file)) ?? "application/octet-stream";
  return /^(text\/|application\/(javascript|json|manifest\+json|xml))|\+xml$/.test(type)
    ? `${type}; charset=utf-8`
    : type;
}

/** A file read into memory, with its validators and its compressed forms. */
interface MemoryFile {
  readonly size: number;
  readonly mtime: number | null;
  readonly etag: string;
  readonly bytes: Uint8Array;
  readonly encoded: Map<Encoding, Promise<Uint8Array>>;
}

const memory = new Lru<MemoryFile>({ maxBytes: MEMORY_BUDGET });

async function sha256Etag(bytes: Uint8Array): Promise<string> {
  const digest = await sha256(bytes);
  const base64 = btoa(String.fromCharCode(...digest.subarray(0, 18)));
  return `"${base64.replaceAll("+", "-").replaceAll("/", "_")}"`;
}

function entrySize(entry: MemoryFile, extra = 0): number {
  return entry.bytes.byteLength + extra + 256;
}

async function memoryFile(file: string, info: Deno.FileInfo): Promise<MemoryFile | null> {
  const mtime = info.mtime?.getTime() ?? null;
  const cached = memory.get(file);
  if (cached && cached.size === info.size && cached.mtime === mtime) return cached;
  let bytes: Uint8Array;
  try {
    bytes = await Deno.readFile(file);
  } catch {
    return null;
  }
  const entry: MemoryFile = { size: bytes.byteLength, mtime, etag: await sha256Etag(bytes), bytes, encoded: new Map() };
  memory.set(file, entry, entrySize(entry));
  return entry;
}

/** The compressed bytes of a file in memory, made once per coding. */
function encodedBytes(file: string, entry: MemoryFile, encoding: Encoding): Promise<Uint8Array> {
  let pending = entry.encoded.get(encoding);
  if (!pending) {
    pending = compressBytes(entry.bytes, encoding);
    entry.encoded.set(encoding, pending);
    pending.then((encoded) => {
      // Account for the compressed copy too (re-setting updates the size).
      if (memory.get(file) === entry) memory.set(file, entry, entrySize(entry, encoded.byteLength * 2));
    }, () => entry.encoded.delete(encoding));
  }
  return pending;
}

/** The entity tags an `If-None-Match` value lists (`W/` dropped: weak comparison), or `*`. */
function listedTags(value: string): string[] {
  return value.split(",").map((tag) => tag.trim().replace(/^W\//, "")).filter((tag) => tag !== "");
}

/** Whether the request's validators say its copy is current. */
function isNotModified(request: Request, etag: string, mtime: number | null): boolean {
  const ifNoneMatch = request.headers.get("if-none-match");
  if (ifNoneMatch !== null) {
    const tags = listedTags(ifNoneMatch);
    if (tags.includes("*")) return true;
    const forms = [etag, encodedEtag(etag, "br"), encodedEtag(etag, "gzip")];
    return tags.some((tag) => forms.includes(tag));
  }
  const ifModifiedSince = request.headers.get("if-modified-since");
  if (ifModifiedSince !== null && mtime !== null) {
    const since = Date.parse(ifModifiedSince);
    return !Number.isNaN(since) && Math.floor(mtime / 1000) * 1000 <= since;
  }
  return false;
}

/**
 * Serves the file at `pathname` below `root`, or answers `null` when there is
 * no such file (the caller decides what a miss means). `GET` and `HEAD` only.
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
  let info: Deno.FileInfo;
  try {
    info = await Deno.stat(file);
    if (!info.isFile) return null;
  } catch {
    return null;
  }
  const type = contentType(file);
  const headers = new Headers({ "content-type": type, "cache-control": cacheControl });
  if (info.mtime) headers.set("last-modified", info.mtime.toUTCString());
  const head = request.method === "HEAD";

  if (info.size > MAX_MEMORY_FILE) {
    const etag = `"s${info.size.toString(36)}-m${(info.mtime?.getTime() ?? 0).toString(36)}"`;
    headers.set("etag", etag);
    if (isNotModified(request, etag, info.mtime?.getTime() ?? null)) return notModified(headers);
    headers.set("content-length", String(info.size));
    if (head) return new Response(null, { status: 200, headers });
    try {
      const handle = await Deno.open(file, { read: true });
      return new Response(handle.readable, { status: 200, headers });
    } catch {
      return null;
    }
  }

  const entry = await memoryFile(file, info);
  if (!entry) return null;
  const compressible = isCompressibleType(type) && entry.size >= MIN_COMPRESS_BYTES;
  const encoding = compressible ? negotiateEncoding(request.headers.get("accept-encoding")) : null;
  if (compressible) addVary(headers, "Accept-Encoding");
  headers.set("etag", encoding ? encodedEtag(entry.etag, encoding) : entry.etag);
  if (isNotModified(request, entry.etag, entry.mtime)) return notModified(headers);
  let body = entry.bytes;
  if (encoding) {
    try {
      body = await encodedBytes(file, entry, encoding);
      headers.set("content-encoding", encoding);
    } catch {
      headers.set("etag", entry.etag);
    }
  }
  headers.set("content-length", String(body.byteLength));
  return new Response(head ? null : body as Uint8Array<ArrayBuffer>, { status: 200, headers });
}

/** A `304` with the validators and caching headers a `200` would carry, and no body. */
function notModified(headers: Headers): Response {
  const kept = new Headers();
  for (const name of ["etag", "cache-control", "vary", "last-modified"]) {
    const value = headers.get(name);
    if (value !== null) kept.set(name, value);
  }
  return new Response(null, { status: 304, headers: kept });
}
