/**
 * One HTTP/1.1 GET over a connection to an address chosen by the caller: the
 * transport of the logo fetch, so that the IP address vetted by
 * `net_guard.ts` is the one connected to (no second DNS lookup in between).
 *
 * For https, TLS runs over that connection with the URL's host name for SNI
 * and certificate verification (`Deno.startTls`). Deno 2.9.6's
 * `Deno.createHttpClient` cannot do this: its `proxy: { transport: "tcp" }`
 * pins the address but then speaks plain HTTP even to an https URL.
 *
 * The reader is deliberately small: `Connection: close`, `Accept-Encoding:
 * identity` (a compressed answer is refused, so no decompression bomb),
 * `Content-Length`, chunked or read-to-close bodies, at most `maxHeadBytes`
 * of status line and headers, at most `maxBytes` of body counted while it
 * streams in (a larger `Content-Length` is refused before reading), 1xx
 * answers skipped. The caller's `signal` closes the connection, which ends
 * any pending read.
 *
 * @module
 */

import { concatBytes } from "../../lib/bytes.ts";
import { LogoRefusedError } from "./net_guard.ts";

/** A finished answer. */
export interface PinnedResponse {
  readonly status: number;
  /** Header names in lower case; repeated headers joined with ", ". */
  readonly headers: Headers;
  /** The body (empty for redirects, which are not read). */
  readonly body: Uint8Array;
}

/** Opens a TCP connection (tests pass their own to observe it). */
export type Connector = (options: { hostname: string; port: number; signal: AbortSignal }) => Promise<Deno.TcpConn>;

/** Options of {@linkcode pinnedGet}. */
export interface PinnedGetOptions {
  /** IP address (or, for allow-listed hosts, the name) to connect to. */
  readonly connectTo: string;
  readonly port: number;
  /** Closes the connection and fails the request. */
  readonly signal: AbortSignal;
  /** Largest body in bytes. */
  readonly maxBytes: number;
  /** Largest status line plus headers, in bytes (16 KiB). */
  readonly maxHeadBytes?: number;
  /** Request headers besides Host, Connection and Accept-Encoding. */
  readonly headers?: Readonly<Record<string, string>>;
  /** Extra root certificates (PEM) for https (tests). */
  readonly caCerts?: string[];
  /** `Deno.connect` unless given. */
  readonly connect?: Connector;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A byte reader over a connection with a growing buffer. */
class Reader {
  #conn: Deno.Conn;
  #buffer = new Uint8Array(16 * 1024);
  #start = 0;
  #end = 0;
  #eof = false;

  constructor(conn: Deno.Conn) {
    this.#conn = conn;
  }

  /** Reads more bytes; false at the end of the stream. */
  async #fill(): Promise<boolean> {
    if (this.#eof) return false;
    if (this.#start > 0) {
      this.#buffer.copyWithin(0, this.#start, this.#end);
      this.#end -= this.#start;
      this.#start = 0;
    }
    if (this.#end === this.#buffer.length) {
      const bigger = new Uint8Array(this.#buffer.length * 2);
      bigger.set(this.#buffer.subarray(0, this.#end));
      this.#buffer = bigger;
    }
    const n = await this.#conn.read(this.#buffer.subarray(this.#end));
    if (n === null) {
      this.#eof = true;
      return false;
    }
    this.#end += n;
    return true;
  }

  /**
   * One line without its CRLF (or LF); throws past `max` bytes (reported as
   * `limit`) or at the end of the stream.
   */
  async line(max: number, what: string, limit = max): Promise<string> {
    let scanned = 0;
    while (true) {
      const at = this.#buffer.subarray(this.#start + scanned, this.#end).indexOf(0x0a);
      if (at !== -1) {
        const end = this.#start + scanned + at;
        if (end - this.#start > max) throw new LogoRefusedError(`${what} is over ${limit} bytes`);
        const text = decoder.decode(this.#buffer.subarray(this.#start, end)).replace(/\r$/, "");
        this.#start = end + 1;
        return text;
      }
      scanned = this.#end - this.#start;
      if (scanned > max) throw new LogoRefusedError(`${what} is over ${limit} bytes`);
      if (!(await this.#fill())) throw new LogoRefusedError(`the answer ended inside the ${what}`, { transient: true });
    }
  }

  /** Up to `n` bytes, fewer only at the end of the stream. */
  async chunk(n: number): Promise<Uint8Array> {
    if (this.#start === this.#end && !(await this.#fill())) return new Uint8Array();
    const take = Math.min(n, this.#end - this.#start);
    const out = this.#buffer.slice(this.#start, this.#start + take);
    this.#start += take;
    return out;
  }
}

/** Collects body bytes and refuses past `max`. */
class Body {
  readonly #parts: Uint8Array[] = [];
  #total = 0;
  constructor(readonly max: number) {}

  add(bytes: Uint8Array): void {
    this.#total += bytes.length;
    if (this.#total > this.max) throw new LogoRefusedError(`the body is over ${this.max} bytes`);
    this.#parts.push(bytes);
  }

  bytes(): Uint8Array {
    return concatBytes(this.#parts);
  }
}

async function readHead(reader: Reader, maxHead: number): Promise<{ status: number; headers: Headers }> {
  let budget = maxHead;
  const statusLine = await reader.line(budget, "status line", maxHead);
  budget -= statusLine.length;
  const match = /^HTTP\/1\.[01] (\d{3})(?: |$)/.exec(statusLine);
  if (!match) throw new LogoRefusedError(`the answer is not HTTP/1.x: "${statusLine.slice(0, 40)}"`);
  const headers = new Headers();
  while (true) {
    const line = await reader.line(Math.max(0, budget), "header block", maxHead);
    budget -= line.length + 2;
    if (budget < 0) throw new LogoRefusedError(`the header block is over ${maxHead} bytes`);
    if (line === "") break;
    const colon = line.indexOf(":");
    if (colon <= 0 || /^\s/.test(line)) throw new LogoRefusedError("a malformed header line");
    try {
      headers.append(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
    } catch {
      throw new LogoRefusedError("a malformed header line");
    }
  }
  return { status: Number(match[1]), headers };
}

async function readBody(reader: Reader, headers: Headers, maxBytes: number): Promise<Uint8Array> {
  const encoding = headers.get("content-encoding");
  if (encoding && encoding.trim().toLowerCase() !== "identity") {
    throw new LogoRefusedError(`a compressed answer (${encoding.slice(0, 20)})`);
  }
  const body = new Body(maxBytes);
  const transfer = headers.get("transfer-encoding");
  if (transfer) {
    if (transfer.trim().toLowerCase() !== "chunked") {
      throw new LogoRefusedError(`the transfer encoding ${transfer.slice(0, 20)}`);
    }
    while (true) {
      const sizeLine = await reader.line(1024, "chunk size");
      const size = /^([0-9a-f]{1,8})\s*(;.*)?$/i.exec(sizeLine);
      if (!size) throw new LogoRefusedError("a malformed chunk size");
      let left = parseInt(size[1], 16);
      if (left === 0) break;
      if (left > maxBytes) throw new LogoRefusedError(`the body is over ${maxBytes} bytes`);
      while (left > 0) {
        const part = await reader.chunk(left);
        if (part.length === 0) throw new LogoRefusedError("the answer ended inside a chunk", { transient: true });
        body.add(part);
        left -= part.length;
      }
      if ((await reader.line(2, "chunk end")) !== "") throw new LogoRefusedError("a malformed chunk end");
    }
    return body.bytes();
  }
  const lengthHeader = headers.get("content-length");
  if (lengthHeader !== null) {
    if (!/^\d{1,15}$/.test(lengthHeader.trim())) throw new LogoRefusedError("a malformed Content-Length");
    let left = Number(lengthHeader.trim());
    if (left > maxBytes) throw new LogoRefusedError(`${left} bytes is over ${maxBytes}`);
    while (left > 0) {
      const part = await reader.chunk(left);
      if (part.length === 0) {
        throw new LogoRefusedError("the answer ended before its Content-Length", { transient: true });
      }
      body.add(part);
      left -= part.length;
    }
    return body.bytes();
  }
  while (true) {
    const part = await reader.chunk(64 * 1024);
    if (part.length === 0) return body.bytes();
    body.add(part);
  }
}

/** The request target and Host header of `url` (path and query; no fragment). */
function requestLine(url: URL, headers: Readonly<Record<string, string>>): string {
  const target = `${url.pathname || "/"}${url.search}`;
  if (/[\s\p{Cc}]/u.test(target)) throw new LogoRefusedError("a request target with control characters");
  const lines = [`GET ${target} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  lines.push("Accept-Encoding: identity", "Connection: close", "", "");
  return lines.join("\r\n");
}

/**
 * Sends `GET url` over a new connection to `options.connectTo` and reads
 * the answer under the limits above. A 3xx answer is returned without
 * reading its body. Throws {@linkcode LogoRefusedError} for an answer that
 * breaks a limit, and the network error (or the signal's reason) otherwise.
 */
export async function pinnedGet(url: URL, options: PinnedGetOptions): Promise<PinnedResponse> {
  const { signal } = options;
  signal.throwIfAborted();
  const connect = options.connect ?? ((o) => Deno.connect(o));
  const tcp = await connect({ hostname: options.connectTo, port: options.port, signal });
  let conn: Deno.Conn = tcp;
  const close = () => {
    try {
      conn.close();
    } catch { /* already closed */ }
  };
  signal.addEventListener("abort", close, { once: true });
  try {
    if (url.protocol === "https:") {
      conn = await Deno.startTls(tcp, {
        hostname: url.hostname.replace(/^\[|\]$/g, ""),
        caCerts: options.caCerts,
        alpnProtocols: ["http/1.1"],
      });
    }
    const request = encoder.encode(requestLine(url, options.headers ?? {}));
    for (let written = 0; written < request.length;) {
      written += await conn.write(request.subarray(written));
    }
    const reader = new Reader(conn);
    const maxHead = options.maxHeadBytes ?? 16 * 1024;
    for (let informational = 0;; informational++) {
      const { status, headers } = await readHead(reader, maxHead);
      if (status >= 100 && status < 200) {
        if (informational >= 4) throw new LogoRefusedError("too many 1xx answers");
        continue;
      }
      if (status >= 300 && status < 400) return { status, headers, body: new Uint8Array() };
      const body = status >= 200 && status < 300 ? await readBody(reader, headers, options.maxBytes) : new Uint8Array();
      return { status, headers, body };
    }
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    throw error;
  } finally {
    signal.removeEventListener("abort", close);
    close();
  }
}
