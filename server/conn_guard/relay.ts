/**
 * One client connection of the guard and its relay to the internal server: reads the client's
 * requests with {@linkcode RequestParser} (heads go on whole, refused ones are answered here),
 * the server's answers with {@linkcode ResponseReader}, and keeps the times that its deadlines
 * and its place in the eviction order are judged by (`deadlines.ts`).
 *
 * @module
 */
import { logRequest } from "../log.ts";
import { type Microcache, microcacheKey } from "./microcache.ts";
import type { ParseError, RequestHead } from "./parser.ts";
import { RequestParser } from "./parser.ts";
import { ResponseReader } from "./response.ts";
import { FrameScanner } from "./ws_frames.ts";
import { concatBytes } from "../../lib/bytes.ts";
import type { RelaySettings } from "./settings.ts";

/**
 * Read buffers start small and grow (x4) while reads fill them, up to these: thousands of quiet
 * connections then cost a few KiB each, not 80.
 */
const CLIENT_READ_BYTES = 16 * 1024;
const UPSTREAM_READ_BYTES = 64 * 1024;
const FIRST_READ_BYTES = 2 * 1024;

/** `buffer`, or a larger one when the last read filled it (its bytes were used already). */
function grown(buffer: Uint8Array<ArrayBuffer>, n: number, max: number): Uint8Array<ArrayBuffer> {
  return n === buffer.length && buffer.length < max ? new Uint8Array(Math.min(max, buffer.length * 4)) : buffer;
}
/**
 * After the internal server closed a connection (e.g. a `413` while the client still uploads),
 * or after an answer of the guard's own, how long and how many bytes the relay reads and drops
 * before closing, so the client reads the answer instead of a reset.
 */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;
const encoder = new TextEncoder();

/** What a relay needs from its guard. */
export interface RelayHost {
  readonly settings: RelaySettings;
  /** Opens a connection to the internal server. */
  connect(): Promise<Deno.TcpConn>;
  /** The relay has its upstream connection (its local port) or closed (null). */
  onRelayPort(relay: Relay, port: number | null): void;
  /** The relay closed. */
  onClosed(relay: Relay): void;
  /** The guard is stopping: close once the answers in flight are written. */
  readonly stopping: boolean;
  /** The answers the guard repeats itself (`microcache.ts`), or null. */
  readonly microcache: Microcache | null;
}

function answerOf(error: ParseError): Uint8Array {
  const text = error.status === 431 ? "Request header fields too large." : `Bad request: ${error.reason}.`;
  const reason = error.status === 431 ? "Request Header Fields Too Large" : "Bad Request";
  return encoder.encode(
    `HTTP/1.1 ${error.status} ${reason}\r\ncontent-type: text/plain; charset=utf-8\r\n` +
      `content-length: ${text.length}\r\nconnection: close\r\n\r\n${text}`,
  );
}

/** One client connection and its relay. */
export class Relay {
  readonly client: Deno.TcpConn;
  readonly accepted: number;
  upstream: Deno.TcpConn | null = null;
  relayPort = 0;
  closed = false;
  readonly requests: RequestParser;
  readonly answers: ResponseReader;
  /** A `101` answer turned the connection into a tunnel (WebSocket) at this time; 0 before. */
  tunnelSince = 0;
  /** The request stream was refused: the guard answers it once the answers before it are written. */
  refused: ParseError | null = null;
  /** Client bytes are read and dropped until this time (after the last answer); 0 before. */
  lingerUntil = 0;
  /** Times (performance.now()) the deadlines are judged by. */
  readonly times = {
    /** The current request head began (accept, or its first byte); 0 when none is in progress. */
    head: 0,
    /** The last byte in either direction. */
    active: 0,
    /** The last request was complete or the server last sent bytes, while answers are due. */
    answer: 0,
    /** A write to the client is in progress since; 0 when none. */
    write: 0,
    /** The current request body began; 0 when none is in progress. */
    body: 0,
    /** The current window of the body's rate began, and its bytes so far. */
    window: 0,
    windowBytes: 0,
    /** The last body byte. */
    bodyByte: 0,
    /** The last WebSocket data frame. */
    tunnelData: 0,
  };
  /** Bytes moved both ways. */
  bytes = 0;
  #upgrade: PromiseWithResolvers<boolean> | null = null;
  #writingUpstream = false;
  #dropped = 0;
  #refusalSent = false;
  /** The answer pump is writing to the client (an answer of the microcache must wait its turn). */
  #pumpWriting = false;
  /** The internal server stopped reading (it answered a refused upload): client bytes are dropped. */
  #dropping = false;
  #clientDone = false;
  /** WebSocket frames each way, once a tunnel. */
  readonly #upFrames = new FrameScanner();
  readonly #downFrames = new FrameScanner();
  readonly #host: RelayHost;

  constructor(client: Deno.TcpConn, host: RelayHost) {
    this.client = client;
    this.#host = host;
    this.accepted = this.times.head = this.times.active = performance.now();
    this.requests = new RequestParser(host.settings.maxHeadBytes);
    this.answers = new ResponseReader(host.microcache?.settings.maxEntryBytes ?? 0);
  }

  /** No request in flight: closing it loses nothing. */
  get idle(): boolean {
    return !this.tunnelSince && this.answers.pending === 0 && this.requests.state !== "body";
  }

  /** Starts relaying. */
  start(): void {
    void this.#serveClient();
  }

  /** Closes both sides. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    for (const conn of [this.client, this.upstream]) {
      try {
        conn?.close();
      } catch { /* closed already */ }
    }
    this.#upgrade?.resolve(false);
    if (this.relayPort) this.#host.onRelayPort(this, null);
    this.#host.onClosed(this);
  }

  async #serveClient(): Promise<void> {
    let buffer = new Uint8Array(FIRST_READ_BYTES);
    try {
      while (!this.closed) {
        const n = await this.client.read(buffer);
        if (n === null) break;
        const bytes = buffer.subarray(0, n);
        buffer = grown(buffer, n, CLIENT_READ_BYTES);
        const now = performance.now();
        this.times.active = now;
        this.bytes += n;
        if (this.lingerUntil || this.refused || this.#dropping) {
          if ((this.#dropped += n) > LINGER_BYTES) return this.close();
          continue;
        }
        if (this.tunnelSince) await this.#tunnelUp(bytes, now);
        else await this.#requestBytes(bytes, now);
      }
      // The client finished sending: pass the half-close on, keep relaying the answer.
      this.#clientDone = true;
      if (this.upstream && !this.closed && !this.lingerUntil && !this.refused) {
        await this.upstream.closeWrite().catch(() => {});
        return;
      }
    } catch {
      // reset by either side
    }
    if (!this.refused || this.lingerUntil) this.close();
  }

  /** Client bytes of requests: parsed, passed on whole, the deadlines' times kept. */
  async #requestBytes(bytes: Uint8Array, now: number): Promise<void> {
    let rest = bytes;
    while (rest.length > 0 && !this.closed) {
      const fed = this.requests.feed(rest);
      this.#noteBody(fed.bodyBytes, now);
      if (fed.heads.length > 0) this.times.head = 0;
      if (this.requests.state !== "body") this.times.body = 0;
      // Waiting for an answer starts when a request is complete.
      if ((fed.heads.length > 0 || fed.bodyBytes > 0) && this.requests.state !== "body") this.times.answer = now;
      if (this.requests.inHead && !this.times.head) this.times.head = now;
      const out = fed.heads.length === 0 ? fed.out : await this.#route(fed.out, fed.heads, fed.headAt, now);
      if (out === null) return;
      if (out.length > 0 && !(await this.#toServer(out))) return;
      if (this.requests.state === "error") return this.#refuse(this.requests.error!);
      rest = rest.subarray(fed.consumed);
      if (rest.length === 0 || this.requests.state !== "upgrade") return;
      // An Upgrade request waits for its answer; what the client sent after it waits too.
      rest = rest.slice();
      this.#upgrade = Promise.withResolvers<boolean>();
      const switched = await this.#upgrade.promise;
      this.#upgrade = null;
      if (switched) return await this.#tunnelUp(rest, performance.now());
      this.requests.resume();
    }
  }

  /**
   * The bytes of `heads` (and their bodies) for the server, in order; a request the microcache
   * answers is answered here instead, when no answer is due before it. Null when the connection
   * ends after an answer of the microcache (`Connection: close`).
   */
  async #route(
    out: Uint8Array[],
    heads: readonly RequestHead[],
    headAt: readonly number[],
    now: number,
  ): Promise<Uint8Array[] | null> {
    const cache = this.#host.microcache;
    const server = out.slice(0, headAt[0]);
    for (let h = 0; h < heads.length; h++) {
      const head = heads[h];
      const key = cache === null ? null : microcacheKey(head);
      if (key !== null && this.answers.pending === 0 && !this.#pumpWriting && !this.#host.stopping) {
        const hit = cache!.get(key, Date.now(), head.close);
        if (hit !== undefined) {
          const ms = Math.round((performance.now() - now) * 10) / 10;
          await this.#toClient(hit.bytes);
          this.times.active = performance.now();
          logRequest({ method: head.method, path: hit.path, status: 200, ms });
          if (head.close) {
            this.#linger();
            return null;
          }
          continue;
        }
      }
      this.answers.expect(head.method, key === null ? null : { key, generation: cache!.generation });
      for (let j = headAt[h]; j < (headAt[h + 1] ?? out.length); j++) server.push(out[j]);
    }
    return server;
  }

  #noteBody(bodyBytes: number, now: number): void {
    if (this.requests.state === "body" && !this.times.body) {
      this.times.body = this.times.window = this.times.bodyByte = now;
      this.times.windowBytes = 0;
    }
    if (bodyBytes > 0) {
      this.times.bodyByte = now;
      this.times.windowBytes += bodyBytes;
    }
  }

  /** Sends `parts` to the internal server, opening the connection first; false when the relay closed. */
  async #toServer(parts: Uint8Array[]): Promise<boolean> {
    if (!this.upstream) {
      try {
        this.upstream = await this.#host.connect();
      } catch {
        this.close();
        return false;
      }
      if (this.closed) {
        this.upstream.close();
        return false;
      }
      this.relayPort = (this.upstream.localAddr as Deno.NetAddr).port;
      this.#host.onRelayPort(this, this.relayPort);
      void this.#pumpAnswers();
    }
    this.#writingUpstream = true;
    try {
      for (const part of parts) await writeAll(this.upstream, part);
    } catch {
      // The internal server answered and closed while the client still sends (a refused upload): keep
      // reading and dropping, so its answer is relayed and the client is not reset (see #linger).
      this.#dropping = true;
    } finally {
      this.#writingUpstream = false;
    }
    return !this.closed;
  }

  /** Client bytes of a tunnel. */
  async #tunnelUp(bytes: Uint8Array, now: number): Promise<void> {
    if (this.#upFrames.feed(bytes)) this.times.tunnelData = now;
    await writeAll(this.upstream!, bytes);
  }

  /** The request stream is refused: answer it once the answers before it are written, then close. */
  #refuse(error: ParseError): void {
    this.refused = error;
    if (this.#refusalDue) void this.#answerRefusal();
  }

  /** The answers before the refused request are written (a refused body's own request is not answered). */
  get #refusalDue(): boolean {
    return this.upstream === null ||
      (this.answers.atBoundary && this.answers.pending <= (this.refused?.inBody ? 1 : 0));
  }

  async #answerRefusal(): Promise<void> {
    if (this.closed || this.lingerUntil || this.#refusalSent) return;
    this.#refusalSent = true;
    try {
      this.upstream?.close();
    } catch { /* closed already */ }
    try {
      if (this.answers.atBoundary) await this.#toClient(answerOf(this.refused!));
    } catch {
      return this.close();
    }
    this.#linger();
  }

  async #toClient(bytes: Uint8Array): Promise<void> {
    this.times.write = performance.now();
    await writeAll(this.client, bytes);
    this.times.write = 0;
  }

  async #pumpAnswers(): Promise<void> {
    let buffer = new Uint8Array(FIRST_READ_BYTES);
    try {
      while (!this.closed) {
        const n = await this.upstream!.read(buffer);
        if (n === null) break;
        const current = buffer;
        buffer = grown(buffer, n, UPSTREAM_READ_BYTES);
        const now = performance.now();
        this.times.active = this.times.answer = now;
        this.bytes += n;
        let switchedAt = -1;
        let broken = false;
        let pieces: Uint8Array[] | null = null;
        let start = 0;
        if (this.tunnelSince) {
          if (this.#downFrames.feed(current, 0, n)) this.times.tunnelData = now;
        } else {
          const read = this.answers.feed(current, n);
          switchedAt = read.switchedAt;
          broken = read.broken;
          pieces = read.out;
          start = read.start;
          if (switchedAt >= 0 && pieces !== null) pieces.push(current.subarray(switchedAt, n));
          for (const answer of read.stored) {
            this.#host.microcache?.set(answer.ticket, answer.head, answer.body, answer.ttlMs, Date.now());
          }
          if (switchedAt >= 0) {
            this.tunnelSince = this.times.tunnelData = now;
            if (this.#downFrames.feed(current, switchedAt, n)) this.times.tunnelData = now;
          }
        }
        this.#pumpWriting = true;
        if (pieces === null) await this.#toClient(current.subarray(start, n));
        else if (pieces.length > 0) await this.#toClient(concatBytes(pieces));
        this.#pumpWriting = false;
        // The server sent what the guard cannot frame: the answers before it went out, nothing else does.
        if (broken) return this.close();
        if (switchedAt < 0 && this.answers.pending === 0) this.requests.resume();
        if (this.#upgrade && (switchedAt >= 0 || this.answers.pending === 0)) this.#upgrade.resolve(switchedAt >= 0);
        if (this.refused && this.#refusalDue) return void this.#answerRefusal();
        if (this.answers.pending > 0 || this.tunnelSince) continue;
        // Shutting down: close once the last answer reached the client.
        if (this.#host.stopping && !this.requests.inHead && this.requests.state !== "body") break;
      }
    } catch {
      // reset by either side
    }
    if (this.refused && !this.#pumpWriting) return void this.#answerRefusal();
    // A failed write means the client is gone; a client that finished sending has nothing left to drop.
    if (this.#pumpWriting || this.#host.stopping || this.#clientDone) this.close();
    else this.#linger();
  }

  /**
   * The internal server is done with this connection (or the guard answered it): send the client
   * our FIN and drop what it still sends for a moment (at most {@linkcode LINGER_MS} and
   * {@linkcode LINGER_BYTES}) before closing. Closing at once, with its upload unread, would reset
   * the connection and could destroy the answer on its way.
   */
  #linger(): void {
    if (this.closed || this.lingerUntil) return;
    this.lingerUntil = performance.now() + LINGER_MS;
    this.client.closeWrite().catch(() => this.close());
  }

  /** True while the relay waits on the internal server to take request bytes (the client is not slow then). */
  get writingUpstream(): boolean {
    return this.#writingUpstream;
  }
}

async function writeAll(conn: Deno.Conn, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += await conn.write(bytes.subarray(offset));
}
