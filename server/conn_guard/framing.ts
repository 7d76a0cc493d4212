/**
 * Body framing of HTTP/1.1 messages: `Content-Length`, chunked (with the internal server's
 * rules, see `parser.ts`), or until the connection closes. Pure, no I/O.
 *
 * @module
 */

const CR = 13;
const LF = 10;
const SP = 32;
const MAX_CHUNK_LINE = 4096;
/** An HTTP token (method, field name). */
export const TOKEN = "[!#$%&'*+\\-.^_`|~0-9A-Za-z]+";
/** A header field line as the server takes it: name, colon, value without CTLs but HTAB. */
export const FIELD_LINE = new RegExp(`^(${TOKEN}):[ \\t]*([\\t\\x20-\\x7e\\x80-\\xff]*?)[ \\t]*$`);

/** How a message body is delimited. */
export type Framing =
  | { kind: "none" }
  | { kind: "length"; remaining: number }
  | { kind: "chunked"; parser: ChunkedBody }
  | { kind: "close" };

/**
 * Incremental parser of a chunked body with the server's rules (see the module). `feed`
 * returns how many bytes belong to the body, or a reason string when the body is malformed.
 */
export class ChunkedBody {
  #state: "lead" | "size" | "ws" | "ext" | "size-lf" | "data" | "data-cr" | "data-lf" | "trailer" | "trailer-lf" =
    "lead";
  #line = 0;
  #digits = 0;
  #size = 0;
  #remaining = 0;
  #trailer = "";
  /** The body is complete. */
  done = false;
  /** The reason a body was refused could be the guard's alone (the server takes it). */
  strict = false;

  /** Consumes body bytes of `bytes[start..end)`; returns how many, or why the body is malformed. */
  feed(bytes: Uint8Array, start: number, end = bytes.length): number | string {
    let i = start;
    while (i < end && !this.done) {
      if (this.#state === "data") {
        const take = Math.min(this.#remaining, end - i);
        i += take;
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = "data-cr";
        continue;
      }
      const c = bytes[i++];
      if (++this.#line > MAX_CHUNK_LINE) {
        this.strict = true;
        return "chunk line too long";
      }
      const error = this.#step(c);
      if (error) return error;
    }
    return i - start;
  }

  #step(c: number): string | null {
    const hex = (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
    switch (this.#state) {
      case "lead":
      case "size":
        if (hex) {
          this.#state = "size";
          if (++this.#digits > 16) {
            this.strict = true;
            return "chunk size over 16 hex digits";
          }
          this.#size = this.#size * 16 + (c <= 57 ? c - 48 : (c | 0x20) - 87);
          if (this.#size > Number.MAX_SAFE_INTEGER) {
            this.strict = this.#digits <= 16;
            return "chunk size too large";
          }
          return null;
        }
        if (c === SP) {
          if (this.#state === "size") this.#state = "ws";
          return null;
        }
        if (this.#state === "lead") return "no chunk size";
        return this.#afterSize(c);
      case "ws":
        return c === SP ? null : this.#afterSize(c);
      case "ext":
        if (c === CR) this.#state = "size-lf";
        else if (c < 0x20 || c === 0x7f) return "control character in a chunk extension";
        return null;
      case "size-lf":
        if (c !== LF) return "chunk size line without CRLF";
        this.#line = 0;
        if (this.#size === 0) this.#state = "trailer";
        else {
          this.#remaining = this.#size;
          this.#state = "data";
        }
        this.#size = this.#digits = 0;
        return null;
      case "data-cr":
        if (c !== CR) return "chunk data without CRLF";
        this.#state = "data-lf";
        return null;
      case "data-lf":
        if (c !== LF) return "chunk data without CRLF";
        this.#state = "lead";
        this.#line = 0;
        return null;
      case "trailer":
        if (c === CR) this.#state = "trailer-lf";
        else if (c === LF) return "trailer line without CRLF";
        else this.#trailer += String.fromCharCode(c);
        return null;
      case "trailer-lf":
        if (c !== LF) return "trailer line without CRLF";
        if (this.#trailer === "") this.done = true;
        else if (!FIELD_LINE.test(this.#trailer)) return "malformed trailer field";
        this.#trailer = "";
        this.#line = 0;
        this.#state = "trailer";
        return null;
      default:
        return "unreachable";
    }
  }

  #afterSize(c: number): string | null {
    if (c === 59) {
      this.#state = "ext";
      return null;
    }
    if (c === CR) {
      this.#state = "size-lf";
      return null;
    }
    return "malformed chunk size";
  }
}

/** Consumes body bytes of `bytes[start..end)`; returns how many, or why the body is malformed. */
export function consumeBody(framing: Framing, bytes: Uint8Array, start: number, end = bytes.length): number | string {
  switch (framing.kind) {
    case "none":
      return 0;
    case "close":
      return end - start;
    case "length": {
      const take = Math.min(framing.remaining, end - start);
      framing.remaining -= take;
      return take;
    }
    case "chunked":
      return framing.parser.feed(bytes, start, end);
  }
}

/** The body delimited by `framing` is complete. */
export function bodyDone(framing: Framing): boolean {
  return framing.kind === "none" || (framing.kind === "length" && framing.remaining === 0) ||
    (framing.kind === "chunked" && framing.parser.done);
}
