/**
 * Follows the answers of the internal server on one connection (trusted: our own server), so the
 * guard knows when each request is answered and when the connection became a tunnel. Pure, no I/O.
 *
 * @module
 */
import { bodyDone, ChunkedBody, consumeBody, type Framing } from "./framing.ts";
import { headEnd } from "./parser.ts";

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
}

/** The framing of an answer from its head, for a request of `method`. */
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

/** Reads answers; {@linkcode ResponseReader.expect} tells it each request, in order. */
export class ResponseReader {
  /** Methods of the requests not answered yet, oldest first. */
  readonly methods: string[] = [];
  #state: "head" | "body" = "head";
  #head: Uint8Array = EMPTY;
  #framing: Framing = { kind: "none" };

  /** A request went to the server. */
  expect(method: string): void {
    this.methods.push(method);
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
    const result: ResponseFeed = { completed: 0, switchedAt: -1, status: 0 };
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
          this.#head = source === bytes ? bytes.slice(i, n) : source;
          return result;
        }
        i = source === bytes ? end : i + (end - held);
        this.#head = EMPTY;
        const text = latin1.decode(source.subarray(from, end));
        const status = Number(text.split(" ", 2)[1] ?? 0);
        if (status === 101) {
          result.status ||= status;
          this.methods.shift();
          result.completed++;
          result.switchedAt = i;
          return result;
        }
        if (status >= 100 && status < 200) continue;
        result.status ||= status;
        this.#framing = responseFraming(text, this.methods[0] ?? "GET", status);
        this.#state = "body";
      }
      const used = consumeBody(this.#framing, bytes, i, n);
      if (typeof used === "string") {
        this.#framing = { kind: "close" };
        continue;
      }
      i += used;
      if (bodyDone(this.#framing)) {
        this.#state = "head";
        this.methods.shift();
        result.completed++;
      }
    }
    return result;
  }
}
