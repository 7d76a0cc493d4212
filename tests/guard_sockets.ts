/**
 * Raw HTTP/1.1 clients for the connection guard's fault tests: pipelined requests written as they are (any method
 * spelling, no Host), from a chosen loopback source address (`127.x.y.z`: the guard tells clients apart by address),
 * and the answers split by RFC 9112 §6.3 (only an exact `HEAD` has a bodiless answer). Anything that is not a
 * well-formed `HTTP/1.x` answer is reported as such, never skipped.
 *
 * @module
 */
import net from "node:net";

/** One answer as read from the socket. */
export interface RawAnswer {
  /** `HTTP/1.1` or `HTTP/1.0`. */
  readonly version: string;
  readonly status: number;
  /** Header fields by lowercase name (the last value of each). */
  readonly fields: ReadonlyMap<string, string>;
  /** The body, de-chunked. */
  readonly body: Uint8Array;
}

/** What {@linkcode exchange} read: the answers, and what followed them if it was not an answer. */
export interface Exchange {
  readonly answers: RawAnswer[];
  /** Bytes after the last answer that do not form one (empty when the stream was well-formed). */
  readonly garbage: string;
  /** The server closed the connection (or reset it) before `timeoutMs`. */
  readonly closed: boolean;
}

const ascii = new TextDecoder("latin1");

/** Where `\r\n\r\n` (or `\r\n` when `double` is false) begins in `bytes` from `from`; -1 if absent. */
function lineEnd(bytes: Uint8Array, from: number, double: boolean): number {
  for (let i = from; i + 1 < bytes.length; i++) {
    if (bytes[i] !== 13 || bytes[i + 1] !== 10) continue;
    if (!double) return i;
    if (bytes[i + 2] === 13 && bytes[i + 3] === 10) return i;
  }
  return -1;
}

/**
 * Splits `bytes` into answers to requests of `methods` (in order). Stops at the first bytes that are not a
 * complete, well-formed answer and returns them as `rest` (text).
 */
export function splitAnswers(bytes: Uint8Array, methods: readonly string[]): { answers: RawAnswer[]; rest: string } {
  const answers: RawAnswer[] = [];
  let at = 0;
  let m = 0;
  const rest = () => ({ answers, rest: ascii.decode(bytes.subarray(at)) });
  while (at < bytes.length) {
    const end = lineEnd(bytes, at, true);
    if (end < 0) return rest();
    const head = ascii.decode(bytes.subarray(at, end));
    const line = /^(HTTP\/1\.[01]) (\d{3})(?: [^\r\n]*)?(\r\n|$)/.exec(head);
    if (line === null) return rest();
    const status = Number(line[2]);
    const fields = new Map<string, string>();
    for (const field of head.split("\r\n").slice(1)) {
      const colon = field.indexOf(":");
      fields.set(field.slice(0, colon).trim().toLowerCase(), field.slice(colon + 1).trim());
    }
    let next = end + 4;
    if (status >= 100 && status < 200) {
      at = next;
      continue;
    }
    const parts: Uint8Array[] = [];
    if (methods[m] !== "HEAD" && status !== 204 && status !== 304) {
      if (/chunked/i.test(fields.get("transfer-encoding") ?? "")) {
        while (true) {
          const eol = lineEnd(bytes, next, false);
          if (eol < 0) return rest();
          const size = parseInt(ascii.decode(bytes.subarray(next, eol)), 16);
          if (!(size >= 0) || eol + 2 + size + 2 > bytes.length) return rest();
          parts.push(bytes.subarray(eol + 2, eol + 2 + size));
          next = eol + 2 + size + 2;
          if (size === 0) break;
        }
      } else if (fields.has("content-length")) {
        const length = Number(fields.get("content-length"));
        if (next + length > bytes.length) return rest();
        parts.push(bytes.subarray(next, next + length));
        next += length;
      } else {
        parts.push(bytes.subarray(next));
        next = bytes.length;
      }
    }
    const body = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
    let offset = 0;
    for (const part of parts) {
      body.set(part, offset);
      offset += part.length;
    }
    answers.push({ version: line[1], status, fields, body });
    at = next;
    m++;
  }
  return rest();
}

/** Options of {@linkcode exchange}. */
export interface ExchangeOptions {
  /** The source address, e.g. `127.0.0.5` (default: the system's choice). */
  localAddress?: string;
  /** Methods of the requests in `text`, in order, as sent (default: read until the server closes). */
  methods?: readonly string[];
  /** Give up after this long (default 10 s). */
  timeoutMs?: number;
}

/** Writes `text` on a fresh connection to `baseUrl` and reads the answers (all of `methods`, or until closed). */
export function exchange(baseUrl: string, text: string | Uint8Array, options: ExchangeOptions = {}): Promise<Exchange> {
  const { hostname, port } = new URL(baseUrl);
  const methods = options.methods ?? [];
  return new Promise((resolve) => {
    const chunks: Uint8Array[] = [];
    const socket = net.connect({ host: hostname, port: Number(port), localAddress: options.localAddress });
    let settled = false;
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.destroy();
      const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
      let offset = 0;
      for (const c of chunks) {
        bytes.set(c, offset);
        offset += c.length;
      }
      const { answers, rest } = splitAnswers(bytes, methods);
      resolve({ answers, garbage: rest, closed });
    };
    const timer = setTimeout(() => finish(false), options.timeoutMs ?? 10_000);
    socket.on("connect", () => socket.write(typeof text === "string" ? Buffer.from(text, "latin1") : text));
    socket.on("data", (chunk: Uint8Array) => {
      chunks.push(new Uint8Array(chunk));
      if (methods.length > 0) {
        const bytes = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
        let offset = 0;
        for (const c of chunks) {
          bytes.set(c, offset);
          offset += c.length;
        }
        const { answers, rest } = splitAnswers(bytes, methods);
        if (answers.length >= methods.length && rest === "") finish(false);
      }
    });
    socket.on("error", () => finish(true));
    socket.on("close", () => finish(true));
  });
}

/** The width and height of a PNG, or null when `bytes` is not one (signature and IHDR checked). */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length < 33 || signature.some((b, i) => bytes[i] !== b)) return null;
  if (ascii.decode(bytes.subarray(12, 16)) !== "IHDR") return null;
  const view = new DataView(bytes.buffer, bytes.byteOffset);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}
