/**
 * Compression of text responses (HTML documents, JavaScript, CSS, JSON, SVG,
 * React Router `.data`, the web app manifest, robots.txt) for clients that
 * accept it: brotli first, then gzip, with `Vary: Accept-Encoding`.
 *
 * A body compressed per request (a document, `.data`, JSON) is encoded with
 * brotli at quality {@linkcode STREAM_BROTLI_QUALITY} through `node:zlib`, or
 * gzip through the web `CompressionStream`: for the 65 KB token page that is
 * about 1.3 ms of CPU and 12.8 KB, where `CompressionStream`'s `"brotli"`
 * (quality 6, not settable) took 3-4.5 ms for 11.4 KB, a quarter of the
 * render. A body compressed once and kept (static files, `compressBytes`)
 * gets `CompressionStream`'s brotli. A streamed document stays streamed. The chunks written
 * within one turn of the event loop are joined first (`joining_chunks.ts`)
 * and each join is flushed as it comes, so React's 2 KB pieces cost one flush
 * a turn, not one each; no piece larger than {@linkcode SLICE_BYTES} is
 * compressed in one go, so the event loop gets a turn between slices (in
 * Deno 2.9.6 `node:zlib` compresses on the calling thread as
 * `CompressionStream` does: a 3 MB text at quality 11 blocked the event loop
 * for 570-750 ms; at quality 3 a 64 KB slice takes about 1 ms).
 *
 * Images (PNG, JPEG, ICO, WebP), fonts and anything already encoded pass
 * unchanged; so do bodies under {@linkcode MIN_COMPRESS_BYTES} and answers
 * marked `no-transform`.
 *
 * @module
 */

import { constants as zlibConstants, createBrotliCompress } from "node:zlib";
import { noteErrorState, scanningErrorState } from "./error_state.ts";
import { joiningChunks } from "./joining_chunks.ts";

/** A content coding this service produces. */
export type Encoding = "br" | "gzip";

/** Bodies known to be shorter than this stay raw: compressing them gains nothing. */
export const MIN_COMPRESS_BYTES = 1024;

/** Brotli's quality for bodies compressed per request (0-11; the size/CPU knee for HTML). */
export const STREAM_BROTLI_QUALITY = 3;

/** Largest piece handed to the compressor at once. */
export const SLICE_BYTES = 64 * 1024;

const FORMAT: Readonly<Record<Encoding, CompressionFormat>> = {
  br: "brotli" as CompressionFormat,
  gzip: "gzip",
};

/** Media types worth compressing (after `;` parameters are dropped). */
const COMPRESSIBLE = new Set([
  "application/javascript",
  "application/json",
  "application/ld+json",
  "application/manifest+json",
  "application/xml",
  "application/graphql-response+json",
  "image/svg+xml",
]);

/**
 * Whether a `content-type` names text worth compressing: any `text/*`
 * (HTML, CSS, JavaScript, plain text, React Router's `text/x-script` `.data`)
 * and the JSON, XML, SVG and manifest types. Bitmap images (PNG, ICO, JPEG,
 * WebP) and fonts are not.
 */
export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false;
  const type = contentType.split(";")[0].trim().toLowerCase();
  return type.startsWith("text/") || COMPRESSIBLE.has(type) || type.endsWith("+json") || type.endsWith("+xml");
}

/**
 * Picks the coding for an `Accept-Encoding` header: `br` when accepted,
 * else `gzip`, else `null` (identity). Honours `q=0` (refused) and `*`;
 * among accepted codings the higher q-value wins, brotli on a tie.
 *
 * @example
 * ```ts
 * negotiateEncoding("gzip, deflate, br"); // "br"
 * negotiateEncoding("gzip;q=1, br;q=0.5"); // "gzip"
 * negotiateEncoding("identity"); // null
 * ```
 */
export function negotiateEncoding(acceptEncoding: string | null): Encoding | null {
  if (!acceptEncoding) return null;
  const q = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    let value = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/.exec(param);
      if (match) value = Number(match[1]);
    }
    q.set(name.trim(), value);
  }
  const aliases: Record<Encoding, string[]> = { br: ["br"], gzip: ["gzip", "x-gzip"] };
  const weight = (coding: Encoding) => {
    for (const name of aliases[coding]) {
      const value = q.get(name);
      if (value !== undefined) return value;
    }
    return q.get("*") ?? 0;
  };
  const br = weight("br");
  const gzip = weight("gzip");
  if (br > 0 && br >= gzip) return "br";
  if (gzip > 0) return "gzip";
  return null;
}

/** Adds a token to `Vary` unless it is there already (or `Vary: *`). */
export function addVary(headers: Headers, token: string): void {
  const current = headers.get("vary");
  if (!current) {
    headers.set("vary", token);
    return;
  }
  const tokens = current.split(",").map((t) => t.trim().toLowerCase());
  if (tokens.includes("*") || tokens.includes(token.toLowerCase())) return;
  headers.set("vary", `${current}, ${token}`);
}

/**
 * The response with `Vary: Accept-Encoding`, its body untouched: headers are
 * changed in place (a copy is made only when they are immutable, as on
 * `Response.redirect`).
 */
function withVary(response: Response): Response {
  try {
    addVary(response.headers, "Accept-Encoding");
    return response;
  } catch {
    const headers = new Headers(response.headers);
    addVary(headers, "Accept-Encoding");
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
}

/** The ETag of the encoded representation: a strong `"x"` becomes `"x-br"`; a weak one stays. */
export function encodedEtag(etag: string, encoding: Encoding): string {
  if (!/^"[^"]*"$/.test(etag)) return etag;
  return `${etag.slice(0, -1)}-${encoding}"`;
}

/** Splits chunks larger than {@linkcode SLICE_BYTES} so no compressor call works on more at once. */
function slicer(): TransformStream<Uint8Array, Uint8Array> {
  return new TransformStream({
    transform(chunk, controller) {
      if (chunk.byteLength <= SLICE_BYTES) {
        controller.enqueue(chunk);
        return;
      }
      for (let offset = 0; offset < chunk.byteLength; offset += SLICE_BYTES) {
        controller.enqueue(chunk.subarray(offset, offset + SLICE_BYTES));
      }
    },
  });
}

/**
 * Brotli at `quality` through `node:zlib`, each written piece flushed (`BROTLI_OPERATION_FLUSH`) so the client gets
 * it at once. Errors of the compressor fail the stream.
 */
export function brotliStream(quality = STREAM_BROTLI_QUALITY): TransformStream<Uint8Array, Uint8Array> {
  const compressor = createBrotliCompress({ params: { [zlibConstants.BROTLI_PARAM_QUALITY]: quality } });
  let pending: Uint8Array[] = [];
  let failure: unknown = null;
  /** Fails the write or end under way: after an error the compressor calls back no more. */
  let failWaiting: ((error: unknown) => void) | null = null;
  compressor.on("data", (data: Uint8Array) => pending.push(data));
  compressor.on("error", (error: unknown) => {
    failure = error;
    failWaiting?.(error);
  });
  /** Runs `start` (a write or the end), then hands on what the compressor gave once `start`'s callback comes. */
  const step = (controller: TransformStreamDefaultController<Uint8Array>, start: (done: () => void) => void) =>
    new Promise<void>((resolve, reject) => {
      if (failure !== null) return reject(failure);
      failWaiting = reject;
      start(() => {
        try {
          if (failure !== null) throw failure;
          for (const data of pending) controller.enqueue(data);
          pending = [];
          resolve();
        } catch (error) {
          reject(error); // a compressor error, or a stream cancelled meanwhile
        }
      });
    });
  return new TransformStream({
    transform(chunk, controller) {
      return step(controller, (done) => {
        compressor.write(chunk);
        compressor.flush(zlibConstants.BROTLI_OPERATION_FLUSH, done);
      });
    },
    flush(controller) {
      return step(controller, (done) => {
        compressor.once("end", done);
        compressor.end();
      });
    },
    cancel() {
      compressor.destroy();
    },
  });
}

/** Compresses a stream join by join (the chunks of one turn joined, each join flushed as it comes). */
export function compressStream(body: ReadableStream<Uint8Array>, encoding: Encoding): ReadableStream<Uint8Array> {
  const compressor = encoding === "br"
    ? brotliStream()
    : new CompressionStream("gzip") as unknown as TransformStream<Uint8Array, Uint8Array>;
  return body.pipeThrough(joiningChunks()).pipeThrough(slicer()).pipeThrough(compressor);
}

/** Compresses bytes in one piece at `CompressionStream`'s quality (static files, compressed once and kept). */
export async function compressBytes(bytes: Uint8Array, encoding: Encoding): Promise<Uint8Array> {
  const compressor = new CompressionStream(FORMAT[encoding]) as unknown as TransformStream<Uint8Array, Uint8Array>;
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(slicer()).pipeThrough(compressor);
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * Whether a response is one this module would compress for some client: a
 * compressible type, not already encoded, not `no-transform`, not a partial
 * or bodiless status, and not known to be tiny. Decided from status and
 * headers alone: reading `response.body` would turn a byte body into a
 * stream, and Deno then sends it chunked instead of with its length.
 */
export function isCompressibleResponse(response: Response): boolean {
  if (response.status < 200 || response.status === 204 || response.status === 206 || response.status === 304) {
    return false;
  }
  const headers = response.headers;
  // The type first: it turns images (the cache hits) away with one lookup.
  if (!isCompressibleType(headers.get("content-type"))) return false;
  if (headers.has("content-encoding") || headers.has("content-range")) return false;
  if (/(^|,)\s*no-transform\s*(,|$)/i.test(headers.get("cache-control") ?? "")) return false;
  const length = headers.get("content-length");
  if (length !== null && Number(length) < MIN_COMPRESS_BYTES) return false;
  return true;
}

/**
 * Answers `response` compressed for `request` when both allow it: see
 * {@linkcode isCompressibleResponse} and {@linkcode negotiateEncoding}. A
 * compressible response always gets `Vary: Accept-Encoding` (its bytes
 * depend on the header), also when this client gets it raw. The compressed
 * body is streamed: `content-length` is dropped and a strong ETag gets the
 * coding appended. Anything else is returned as it is.
 */
export function compressResponse(request: Request, response: Response): Response {
  if (!isCompressibleResponse(response)) return response;
  const encoding = negotiateEncoding(request.headers.get("accept-encoding"));
  if (encoding === null || response.body === null) return withVary(response);
  const headers = new Headers(response.headers);
  addVary(headers, "Accept-Encoding");
  headers.set("content-encoding", encoding);
  headers.delete("content-length");
  const etag = headers.get("etag");
  if (etag) headers.set("etag", encodedEtag(etag, encoding));
  let raw: ReadableStream<Uint8Array> = response.body;
  let verdict: Promise<boolean | null> | null = null;
  if (/^text\/html\b/i.test(headers.get("content-type") ?? "")) {
    const scan = scanningErrorState();
    raw = raw.pipeThrough(scan.stream);
    verdict = scan.verdict;
  }
  const body = compressStream(raw, encoding);
  if (verdict !== null) noteErrorState(body, verdict);
  return new Response(body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
