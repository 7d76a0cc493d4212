/**
 * Follows the answers of the internal server on one connection (trusted: our own server), so the
 * guard knows when each request is answered and when the connection became a tunnel. Pure, no I/O.
 *
 * @module
 */
import { concatBytes } from "../../lib/bytes.ts";
import { bodyDone, ChunkedBody, consumeBody, type Framing } from "./framing.ts";
import { headEnd } from "./parser.ts";
import { markedHead, MICROCACHE_HEADER, type Ticket } from "./microcache.ts";

const latin1 = new TextDecoder("latin1");
const EMPTY = new Uint8Array(0);

/** What one {@linkcode ResponseReader.feed} found. */
export interface ResponseFeed {
  /** Final answers completed in the chunk. */
  completed: number;
  /** A `101` answer ended at this offset of the chunk: what follows is tunnel data; -1 if none. */
  switchedAt: number;
  /** Status of the first final (or `101`) answer head seen in the chunk, 0 if none. */
  status: number;
  /**
   * The bytes for the client, when they are not the chunk as read (a marked head was rewritten,
   * or a head split across reads is held back until it is complete); null: the chunk as it is.
   * After a `101`, the rest of the chunk (from `switchedAt`) is not in it.
   */
  out: Uint8Array[] | null;
  /** When `out` is null: the bytes for the client are the chunk from here (a mark was cut out in place). */
  start: number;
  /** Marked answers completed in the chunk, to be kept by the microcache. */
  stored: StoredAnswer[];
  /**
   * The server sent what the guard cannot frame (a head that is not `HTTP/1.x NNN`, an answer no request
   * waits for, a malformed chunked body): `out` holds the bytes before it; the connection must close.
   */
  broken: boolean;
}

/** A complete answer the service marked, for the microcache. */
export interface StoredAnswer {
  readonly ticket: Ticket;
  /** The head as {@linkcode markedHead} keeps it. */
  readonly head: string;
  /** The body as framed. */
  readonly body: Uint8Array;
  readonly ttlMs: number;
}

/** An answer being kept while it is read. */
interface Capture {
  readonly ticket: Ticket;
  readonly head: string;
  readonly ttlMs: number;
  readonly parts: Uint8Array[];
  bytes: number;
}

const encoder = new TextEncoder();
const MARK_NAME = new RegExp(MICROCACHE_HEADER, "i");
/** The status line of an answer the guard can frame. */
const STATUS_LINE = /^HTTP\/1\.[01] (\d{3})(?: [^\r\n]*)?\r?\n/;

/** The framing of an answer from its head, for a request of `method` (as sent: only an exact `HEAD` is bodiless). */
function responseFraming(head: string, method: string, status: number): Framing {
  if (method === "HEAD" || status === 204 || status === 304) return { kind: "none" };
  let length: string | undefined;
  let chunked = false;
  for (const line of head.split("\n").slice(1)) {
    const colon = line.indexOf(":");
    if (colon < 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (name === "content-length") length = value;
    else if (name === "transfer-encoding") chunked = /(^|,)\s*chunked\s*$/i.test(value);
  }
  if (chunked) return { kind: "chunked", parser: new ChunkedBody() };
  if (length !== undefined && /^\d{1,15}$/.test(length)) {
    const n = Number(length);
    return n === 0 ? { kind: "none" } : { kind: "length", remaining: n };
  }
  return { kind: "close" };
}

/** The longest answer head the guard holds back while it is incomplete (the service's are a few KiB). */
const MAX_ANSWER_HEAD = 64 * 1024;
const PREFIX = encoder.encode("HTTP/1.");

/** `source[from..length)`, the start of an incomplete head, may still become an answer head the guard can frame. */
function startsLikeAnswer(source: Uint8Array, from: number, length: number): boolean {
  if (length - from > MAX_ANSWER_HEAD) return false;
  for (let k = 0; k < PREFIX.length && from + k < length; k++) if (source[from + k] !== PREFIX[k]) return false;
  return true;
}

/** Reads answers; {@linkcode ResponseReader.expect} tells it each request, in order. */
export class ResponseReader {
  /** Methods of the requests not answered yet, oldest first. */
  readonly methods: string[] = [];
  /** For each of `methods`, the microcache ticket of its answer (null: not to be kept). */
  readonly #tickets: (Ticket | null)[] = [];
  #state: "head" | "body" = "head";
  #head: Uint8Array = EMPTY;
  #framing: Framing = { kind: "none" };
  #capture: Capture | null = null;
  /** The server sent something the guard cannot frame: nothing more is relayed. */
  #broken = false;
  readonly #maxCaptureBytes: number;

  /** `maxCaptureBytes`: the largest body kept for the microcache. */
  constructor(maxCaptureBytes = 0) {
    this.#maxCaptureBytes = maxCaptureBytes;
  }

  /** A request went to the server; `ticket`: its answer may be kept if the server marks it. */
  expect(method: string, ticket: Ticket | null = null): void {
    this.methods.push(method);
    this.#tickets.push(ticket);
  }

  #shift(): Ticket | null {
    this.methods.shift();
    return this.#tickets.shift() ?? null;
  }

  /** Requests not fully answered yet. */
  get pending(): number {
    return this.methods.length;
  }

  /** Between answers (nothing of one was read yet): an answer of the guard's own may be written. */
  get atBoundary(): boolean {
    return this.#state === "head" && this.#head.length === 0;
  }

  /** Reads `bytes[0..n)`. */
  feed(bytes: Uint8Array, n: number): ResponseFeed {
    const result: ResponseFeed = {
      completed: 0,
      switchedAt: -1,
      status: 0,
      out: null,
      start: 0,
      stored: [],
      broken: false,
    };
    if (this.#broken) return { ...result, out: [], broken: true };
    // Bytes of the chunk from `passed` on are not in `out` yet.
    let passed = 0;
    const out = () => (result.out ??= []);
    let i = 0;
    while (i < n) {
      if (this.#state === "head") {
        // Usually the whole head is in this read: scan it in place; join only a head split across reads.
        let source = bytes;
        let from = i;
        let length = n;
        const held = this.#head.length;
        if (held > 0) {
          source = new Uint8Array(held + n - i);
          source.set(this.#head);
          source.set(bytes.subarray(i, n), held);
          from = 0;
          length = source.length;
        }
        const end = headEnd(source, Math.max(from, held - 3), length);
        if (end < 0) {
          if (!startsLikeAnswer(source, from, length)) {
            if (i > passed) out().push(bytes.subarray(passed, i));
            out();
            this.#capture = null;
            this.#broken = result.broken = true;
            this.#head = EMPTY;
            return result;
          }
          // Held back until complete (the mark may be in it): what came before goes out.
          if (i > passed) out().push(bytes.subarray(passed, i));
          passed = n;
          out();
          this.#head = source === bytes ? bytes.slice(i, n) : source;
          return result;
        }
        const headStart = i;
        const text = latin1.decode(source.subarray(from, end));
        const statusLine = STATUS_LINE.exec(text);
        if (statusLine === null || this.methods.length === 0) {
          // Not an answer to a request of this connection as the guard reads it: relay nothing of it, close.
          if (headStart > passed) out().push(bytes.subarray(passed, headStart));
          out();
          this.#capture = null;
          this.#broken = result.broken = true;
          this.#head = EMPTY;
          return result;
        }
        i = source === bytes ? end : i + (end - held);
        this.#head = EMPTY;
        const marked = MARK_NAME.test(text) ? markedHead(text) : null;
        if (held === 0 && marked !== null) {
          // Cut out in place: what is not out yet before the mark moves over it (no copy of the body).
          bytes.copyWithin(passed + marked.markLength, passed, headStart + marked.markAt);
          passed += marked.markLength;
        } else if (held > 0) {
          // A head joined across reads goes out whole, rewritten if marked.
          if (headStart > passed) out().push(bytes.subarray(passed, headStart));
          out().push(marked === null ? source.subarray(from, end).slice() : encoder.encode(marked.forClient));
          passed = i;
        }
        const status = Number(statusLine[1]);
        if (status === 101) {
          result.status ||= status;
          this.#shift();
          result.completed++;
          result.switchedAt = i;
          if (result.out === null) result.start = passed;
          else if (i > passed) out().push(bytes.subarray(passed, i));
          return result;
        }
        if (status >= 100 && status < 200) continue;
        result.status ||= status;
        const ticket = this.#tickets[0] ?? null;
        this.#capture = ticket !== null && marked?.forStore != null
          ? { ticket, head: marked.forStore, ttlMs: marked.ttlMs, parts: [], bytes: 0 }
          : null;
        this.#framing = responseFraming(text, this.methods[0] ?? "GET", status);
        this.#state = "body";
      }
      const used = consumeBody(this.#framing, bytes, i, n);
      if (typeof used === "string") {
        // A body the guard cannot frame: what came before goes out, the connection closes.
        if (i > passed) out().push(bytes.subarray(passed, i));
        out();
        this.#capture = null;
        this.#broken = result.broken = true;
        return result;
      }
      const capture = this.#capture;
      if (capture !== null && used > 0) {
        capture.bytes += used;
        if (capture.bytes > this.#maxCaptureBytes) this.#capture = null;
        else capture.parts.push(bytes.slice(i, i + used));
      }
      i += used;
      if (bodyDone(this.#framing)) {
        this.#state = "head";
        this.#shift();
        result.completed++;
        if (this.#capture !== null && this.#framing.kind !== "close") {
          const { ticket, head, ttlMs, parts } = this.#capture;
          result.stored.push({ ticket, head, ttlMs, body: concatBytes(parts) });
        }
        this.#capture = null;
      }
    }
    if (result.out === null) result.start = passed;
    else if (n > passed) result.out.push(bytes.subarray(passed, n));
    return result;
  }
}
