/**
 * HTTP/1.1 framing as the internal server (`Deno.serve`, hyper) reads it: pure, no I/O. The guard
 * counts requests with {@linkcode RequestParser} (so it waits for exactly as many answers as the
 * server gives) and follows answers with {@linkcode ResponseFramer}. Where the two sides could
 * disagree the parser is the stricter one: what it refuses is answered `400` by the guard itself
 * and never reaches the server. Rules (each measured against Deno 2.9.6, see `parser_test.ts`):
 *
 * - empty lines (CRLF or LF) before a request line are skipped (RFC 9112 §2.2), at most
 *   {@linkcode MAX_LEADING_BLANK} bytes of them; a CR not followed by LF there is an error;
 * - request line `token SP target SP HTTP/1.0|1.1`, header lines `token ":" value` (no obs-fold,
 *   no CTL but HTAB, lines end in CRLF or LF), at most 128 fields;
 * - `Content-Length`: every field 1-15 plain digits (the server takes more digits, the guard
 *   does not), all the same number; `Transfer-Encoding` only in HTTP/1.1, its last coding
 *   `chunked` (once), never with `Content-Length`;
 * - chunk sizes: optional leading spaces, 1-16 hex digits (the server takes more leading zeros,
 *   the guard does not) and at most 2^53-1, spaces, an extension without CTLs, CRLF; data ends
 *   in CRLF; trailer lines are header lines ending in CRLF;
 * - the method is kept as sent: only an exact `HEAD` is answered without a body (RFC 9110 §9.1);
 * - `Connection: close` (or HTTP/1.0 without `keep-alive`) ends the connection after the request;
 *   an `Upgrade` request stops the parse until its answer (`101`: a tunnel; otherwise go on).
 *
 * @module
 */
import { bodyDone, ChunkedBody, consumeBody, FIELD_LINE, type Framing, TOKEN } from "./framing.ts";

const CR = 13;
const LF = 10;
/** Bytes of empty lines accepted before a request line (the server takes a few hundred). */
export const MAX_LEADING_BLANK = 256;
/** Header fields of one request at most (the server's own limit). */
export const MAX_HEADER_FIELDS = 128;
const latin1 = new TextDecoder("latin1");
const REQUEST_LINE = new RegExp(`^(${TOKEN}) ([\\x21-\\x7e\\x80-\\xff]+) HTTP/1\\.([01])$`);

/** Why a request was refused; `strict` when only the guard refuses it (the server would take it). */
export interface ParseError {
  status: 400 | 431;
  reason: string;
  strict: boolean;
  /** In a request body (its head went to the server, which then gives no answer) or in a head. */
  inBody?: boolean;
}

/** What the guard needs of a complete request head. */
export interface RequestHead {
  /** The method as sent (case kept). */
  method: string;
  /** The connection ends after this request's answer. */
  close: boolean;
  /** An `Upgrade` request: the parse waits for its answer. */
  upgrade: boolean;
  /** The request target as sent (`/path?query`, absolute form, ...). */
  target: string;
  /** An HTTP/1.0 request. */
  http10: boolean;
  /** Header fields by lowercase name, values in order. */
  fields: ReadonlyMap<string, readonly string[]>;
}

/** Finds the end of a head (index after its empty line) in `bytes[from..length)`; -1 if absent. */
export function headEnd(bytes: Uint8Array, from: number, length: number): number {
  for (let i = Math.max(from, 1); i < length; i++) {
    if (bytes[i] !== LF) continue;
    if (bytes[i - 1] === LF) return i + 1;
    if (bytes[i - 1] === CR && i >= 2 && bytes[i - 2] === LF) return i + 1;
  }
  return -1;
}

/** The lines of a head, without line ends; null when a CR stands anywhere but before a LF. */
function headLines(bytes: Uint8Array): string[] | null {
  const lines = latin1.decode(bytes).split("\n");
  lines.pop(); // after the final LF
  const out: string[] = [];
  for (const line of lines) {
    const text = line.endsWith("\r") ? line.slice(0, -1) : line;
    if (text.includes("\r")) return null;
    out.push(text);
  }
  return out;
}

/** Header fields of `lines` (start line excluded) as lowercase name → values; a string is an error. */
function fieldsOf(lines: string[]): Map<string, string[]> | string {
  const fields = new Map<string, string[]>();
  for (const line of lines) {
    if (line === "") continue;
    if (line[0] === " " || line[0] === "\t") return "obs-fold";
    const match = FIELD_LINE.exec(line);
    if (!match) return "malformed header field";
    const name = match[1].toLowerCase();
    const values = fields.get(name);
    if (values) values.push(match[2]);
    else fields.set(name, [match[2]]);
  }
  return fields;
}

/** Parses a request head: its framing and meaning, or why it is refused. */
export function parseRequestHead(bytes: Uint8Array): { head: RequestHead; framing: Framing } | ParseError {
  const bad = (reason: string, strict = false): ParseError => ({ status: 400, reason, strict });
  const lines = headLines(bytes);
  if (!lines) return bad("bare CR");
  const start = REQUEST_LINE.exec(lines[0]);
  if (!start) return bad("malformed request line");
  if (!targetForm(start[1], start[2])) return bad("malformed request target");
  const fieldLines = lines.slice(1);
  if (fieldLines.length - 1 > MAX_HEADER_FIELDS) return bad("too many header fields");
  const fields = fieldsOf(fieldLines);
  if (typeof fields === "string") return bad(fields);
  const http10 = start[3] === "0";
  const tokens = (name: string) =>
    (fields.get(name) ?? []).flatMap((value) => value.split(",")).map((v) => v.trim().toLowerCase());
  const connection = tokens("connection");
  const head: RequestHead = {
    // As sent: methods are case-sensitive (RFC 9110 §9.1); to the server `head` is not `HEAD` either.
    method: start[1],
    close: connection.includes("close") || (http10 && !connection.includes("keep-alive")),
    upgrade: fields.has("upgrade"),
    target: start[2],
    http10,
    fields,
  };
  const lengths = fields.get("content-length");
  if (fields.has("transfer-encoding")) {
    if (http10) return bad("Transfer-Encoding in HTTP/1.0");
    if (lengths) return bad("both Transfer-Encoding and Content-Length");
    const codings = tokens("transfer-encoding");
    if (codings.some((c) => c === "") || codings.at(-1) !== "chunked") return bad("the last coding is not chunked");
    if (codings.indexOf("chunked") !== codings.length - 1) return bad("chunked twice");
    return { head, framing: { kind: "chunked", parser: new ChunkedBody() } };
  }
  if (lengths) {
    if (!lengths.every((v) => /^\d+$/.test(v))) return bad("Content-Length is not a number");
    if (!lengths.every((v) => v.length <= 15)) return bad("Content-Length over 15 digits", lengths.every(fitsU64));
    const n = Number(lengths[0]);
    if (!lengths.every((v) => Number(v) === n)) return bad("Content-Length values differ");
    return { head, framing: n === 0 ? { kind: "none" } : { kind: "length", remaining: n } };
  }
  return { head, framing: { kind: "none" } };
}

/** The target is in origin form (`/...`), `*`, absolute form, or authority form for `CONNECT`. */
function targetForm(method: string, target: string): boolean {
  if (target[0] === "/" || target === "*") return true;
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(target)) return true;
  return method === "CONNECT" && /^[^/?#@]+:\d+$/.test(target);
}

function fitsU64(digits: string): boolean {
  return BigInt(digits) < 2n ** 64n;
}

/**
 * The head `bytes[0..stop)` to pass on. A head ending in LF CRLF gets CRLF CRLF: the server
 * waits for more bytes after such a head when it is not the connection's first (Deno 2.9.6).
 */
function wholeHead(bytes: Uint8Array, stop: number): Uint8Array {
  if (stop < 4 || bytes[stop - 3] !== LF || bytes[stop - 2] !== CR || bytes[stop - 4] === CR) {
    return bytes.slice(0, stop);
  }
  const out = new Uint8Array(stop + 1);
  out.set(bytes.subarray(0, stop - 3));
  out.set([CR, LF, CR, LF], stop - 3);
  return out;
}

/** What one {@linkcode RequestParser.feed} found. */
export interface FeedResult {
  /** Bytes for the server, in order: whole request heads (without the empty lines before them) and body bytes. */
  out: Uint8Array[];
  /** Request heads completed in the chunk, in order. */
  heads: RequestHead[];
  /** Where each of `heads` stands in `out` (what follows it up to the next is its body). */
  headAt: number[];
  /** Request body bytes in the chunk. */
  bodyBytes: number;
  /** Where the parse stopped in the chunk (before `end` when it waits for an upgrade's answer). */
  consumed: number;
}

/**
 * Follows the requests of one client connection, byte by byte as they arrive. `state` is `head`
 * (between requests or in a head), `body`, `upgrade` (an `Upgrade` request waits for its answer:
 * call {@linkcode RequestParser.resume} unless it was `101`), `closed` (the last request is
 * complete: later bytes are not requests) or `error` (see `error`).
 */
export class RequestParser {
  state: "head" | "body" | "upgrade" | "closed" | "error" = "head";
  /** Why the stream was refused. */
  error: ParseError | null = null;
  /** The body in progress. */
  framing: Framing = { kind: "none" };
  readonly #maxHeadBytes: number;
  #head = new Uint8Array(1024);
  #headLength = 0;
  #blank = 0;
  #cr = false;
  #pendingHead: RequestHead | null = null;

  constructor(maxHeadBytes: number) {
    this.#maxHeadBytes = maxHeadBytes;
  }

  /** Bytes of a request head (or of blank lines before one) have arrived and it is not complete. */
  get inHead(): boolean {
    return this.state === "head" && (this.#headLength > 0 || this.#blank > 0);
  }

  /** The answer to an `Upgrade` request was not `101`: requests go on. */
  resume(): void {
    if (this.state === "upgrade") this.state = "head";
  }

  /** Reads `bytes[start..end)`; head bytes are kept until their head is complete. */
  feed(bytes: Uint8Array, start = 0, end = bytes.length): FeedResult {
    const result: FeedResult = { out: [], heads: [], headAt: [], bodyBytes: 0, consumed: 0 };
    let i = start;
    while (i < end && (this.state === "head" || this.state === "body")) {
      if (this.state === "body") {
        const used = consumeBody(this.framing, bytes, i, end);
        if (typeof used === "string") {
          const strict = this.framing.kind === "chunked" && this.framing.parser.strict;
          this.#fail({ status: 400, reason: used, strict, inBody: true });
          break;
        }
        if (used > 0) result.out.push(bytes.subarray(i, i + used));
        i += used;
        result.bodyBytes += used;
        if (bodyDone(this.framing)) this.#requestDone();
        continue;
      }
      i = this.#readHead(bytes, i, end, result);
    }
    // After the last request of the connection, bytes are dropped.
    result.consumed = (this.state === "closed" ? end : i) - start;
    return result;
  }

  /** Reads head bytes from `i`; returns where it stopped. */
  #readHead(bytes: Uint8Array, i: number, end: number, result: FeedResult): number {
    if (this.#headLength === 0) {
      // Empty lines before the request line (RFC 9112 §2.2), as the server skips them.
      while (i < end) {
        const c = bytes[i];
        if (this.#cr) {
          if (c !== LF) return this.#fail({ status: 400, reason: "CR without LF before a request", strict: false }, i);
          this.#cr = false;
        } else if (c === CR) this.#cr = true;
        else if (c !== LF) break;
        i++;
        if (++this.#blank > MAX_LEADING_BLANK) {
          return this.#fail({ status: 400, reason: "too many empty lines before a request", strict: true }, i);
        }
      }
      if (i === end) return i;
    }
    const take = Math.min(end - i, this.#maxHeadBytes + 1 - this.#headLength);
    if (this.#headLength + take > this.#head.length) {
      const size = Math.min(this.#maxHeadBytes + 1, Math.max(this.#head.length * 2, this.#headLength + take));
      const grown = new Uint8Array(size);
      grown.set(this.#head.subarray(0, this.#headLength));
      this.#head = grown;
    }
    this.#head.set(bytes.subarray(i, i + take), this.#headLength);
    const scanFrom = Math.max(0, this.#headLength - 3);
    this.#headLength += take;
    const stop = headEnd(this.#head, scanFrom, this.#headLength);
    if (stop < 0) {
      if (this.#headLength > this.#maxHeadBytes) {
        return this.#fail({ status: 431, reason: "request head too large", strict: true }, i + take);
      }
      return i + take;
    }
    const next = i + take - (this.#headLength - stop);
    const parsed = parseRequestHead(this.#head.subarray(0, stop));
    if ("status" in parsed) return this.#fail(parsed, next);
    result.headAt.push(result.out.length);
    result.out.push(wholeHead(this.#head, stop));
    result.heads.push(parsed.head);
    this.#headLength = this.#blank = 0;
    if (this.#head.length > 4096) this.#head = new Uint8Array(1024);
    this.framing = parsed.framing;
    this.#pendingHead = parsed.head;
    if (bodyDone(this.framing)) this.#requestDone();
    else this.state = "body";
    return next;
  }

  #requestDone(): void {
    const head = this.#pendingHead;
    this.#pendingHead = null;
    this.framing = { kind: "none" };
    this.state = head?.close ? "closed" : head?.upgrade ? "upgrade" : "head";
  }

  #fail(error: ParseError, at = 0): number {
    this.state = "error";
    this.error = error;
    return at;
  }
}
