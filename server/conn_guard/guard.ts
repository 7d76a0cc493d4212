/**
 * The connection guard: the service's public TCP listener. `Deno.serve`
 * (Deno 2.9.6) has no header read timeout, no keep-alive idle timeout, no
 * cap on connections, and stops (its `finished` rejects) on an accept error
 * such as EMFILE. So the public port is a small accept loop in front of an
 * internal `Deno.serve` on loopback, relaying bytes both ways unchanged
 * (one upstream connection per client connection, so keep-alive and
 * pipelining keep their meaning). It reads just enough HTTP/1.1 framing
 * (heads, `Content-Length`, chunked bodies, `101` upgrades) to know where
 * each connection stands, and closes a connection when:
 *
 * - a request head is not complete `headerTimeoutMs` after it began (after
 *   accept, or after the first byte of a later request): slow heads;
 * - it sat idle between requests for `idleTimeoutMs` (keep-alive);
 * - a request body made no progress for `bodyTimeoutMs`;
 * - the client did not take a response's bytes for `writeTimeoutMs`;
 * - a head is larger than `maxHeadBytes` (answered 431 first).
 *
 * Until a connection's first head is complete it holds only its own socket
 * (no upstream connection, a small read buffer), so slow clients cost one
 * file descriptor each. At most `maxConnections` are open: beyond that the
 * oldest connection that has no request in flight is closed to make room
 * (or, when every one is busy, the new one is refused). Without an explicit
 * cap it follows the open-file limit, re-read every few seconds. An accept
 * error is logged and survived: the loop closes an idle connection, lowers
 * the cap below the connections open for a while (so the internal server
 * keeps descriptors to accept the relays), backs off briefly and accepts
 * again.
 *
 * @module
 */
import { errorText, logger } from "../log.ts";

/** Options of {@linkcode startConnectionGuard}. */
export interface ConnectionGuardOptions {
  /** Interface of the public listener. */
  hostname: string;
  /** Port of the public listener (0 picks one). */
  port: number;
  /** The internal server the bytes are relayed to (loopback). */
  upstream: { hostname: string; port: number };
  /** A request head must be complete within this time after it began (default 10 s). */
  headerTimeoutMs?: number;
  /** A keep-alive connection idle between requests is closed after this (default 5 s). */
  idleTimeoutMs?: number;
  /** A request body that makes no progress for this long closes the connection (default 15 s). */
  bodyTimeoutMs?: number;
  /** A response the client does not read for this long closes the connection (default 30 s). */
  writeTimeoutMs?: number;
  /** Largest request head, in bytes (default 96 KiB). */
  maxHeadBytes?: number;
  /** Open connections at most (default from the process's open-file limit, see {@linkcode defaultMaxConnections}). */
  maxConnections?: number;
  /** Told when a relay connection opens (with its client) and closes (with null), by its local port. */
  onRelay?: (relayPort: number, client: Deno.NetAddr | null) => void;
}

/** Figures of a running guard. */
export interface ConnectionGuardStats {
  /** Connections open now. */
  open: number;
  /** Connections accepted so far. */
  accepted: number;
  /** Connections closed for a slow head, idle keep-alive, a stalled body or an unread response. */
  timedOut: number;
  /** Connections closed to make room under the cap, or refused at it. */
  evicted: number;
  /** Accept errors survived (EMFILE and the like). */
  acceptErrors: number;
}

/** A running guard. */
export interface ConnectionGuard {
  /** The address the public listener is bound to. */
  readonly addr: Deno.NetAddr;
  /** The client of the relay connection whose local port the internal server sees as remote port. */
  clientOf(relayPort: number): Deno.NetAddr | undefined;
  /** Relays new connections to another internal port (the internal server was restarted). */
  setUpstreamPort(port: number): void;
  /** Current figures. */
  stats(): Promise<ConnectionGuardStats>;
  /**
   * Stops accepting, closes connections that have no request in flight, and
   * resolves when the others finished their responses (or after `graceMs`,
   * default 30 s, when they are closed anyway).
   */
  close(graceMs?: number): Promise<void>;
}

const CR = 13;
const LF = 10;
const HEAD_READ_BYTES = 2 * 1024;
const CLIENT_READ_BYTES = 16 * 1024;
const UPSTREAM_READ_BYTES = 64 * 1024;
const SWEEP_MS = 250;
/**
 * After the internal server closed a connection (e.g. a `413` while the client
 * still uploads), how long and how many bytes the relay reads and drops before
 * closing, so the client reads the answer instead of a reset.
 */
const LINGER_MS = 2_000;
const LINGER_BYTES = 8 * 1024 * 1024;
const decoder = new TextDecoder("latin1");
const EMPTY = new Uint8Array(0);

/**
 * A default connection cap from the soft open-file limit (`/proc/self/limits`
 * on Linux): each relayed connection holds up to three descriptors (client,
 * relay, the internal server's side), and 256 are kept for everything else.
 * 4,096 when the limit cannot be read.
 */
export async function defaultMaxConnections(): Promise<number> {
  let soft = 0;
  try {
    const limits = await Deno.readTextFile("/proc/self/limits");
    const match = /^Max open files\s+(\d+|unlimited)/m.exec(limits);
    soft = match?.[1] === "unlimited" ? 1_000_000 : Number(match?.[1] ?? 0);
  } catch {
    // not Linux, or no /proc
  }
  if (!soft) return 4_096;
  return Math.max(32, Math.floor((soft - 256) / 3));
}

/** Incremental parser of a chunked body; `feed` returns how many bytes belong to the body, -1 for garbage. */
class ChunkedBody {
  #state: "size" | "data" | "data-end" | "trailer" = "size";
  #line = 0;
  #size = 0;
  #sizeDone = false;
  #digits = 0;
  #remaining = 0;
  done = false;

  feed(bytes: Uint8Array, start: number): number {
    let i = start;
    while (i < bytes.length && !this.done) {
      if (this.#state === "data") {
        const take = Math.min(this.#remaining, bytes.length - i);
        i += take;
        this.#remaining -= take;
        if (this.#remaining === 0) this.#state = "data-end";
        continue;
      }
      const c = bytes[i++];
      if (++this.#line > 4096) return -1;
      if (this.#state === "size") {
        if (c === LF) {
          if (this.#digits === 0) return -1;
          this.#line = 0;
          if (this.#size === 0) this.#state = "trailer";
          else {
            this.#remaining = this.#size;
            this.#state = "data";
          }
          this.#size = 0;
          this.#digits = 0;
          this.#sizeDone = false;
        } else if (!this.#sizeDone && isHex(c)) {
          if (++this.#digits > 12) return -1;
          this.#size = this.#size * 16 + hexValue(c);
        } else {
          this.#sizeDone = true; // extensions, spaces, CR
        }
      } else if (this.#state === "data-end") {
        if (c === LF) {
          this.#line = 0;
          this.#state = "size";
        } else if (c !== CR) return -1;
      } else if (c === LF) {
        // trailer: an empty line ends the body
        if (this.#line <= 2) this.done = true;
        this.#line = 0;
      }
    }
    return i - start;
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0];
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

function hexValue(c: number): number {
  return c <= 57 ? c - 48 : (c | 0x20) - 87;
}

/** How a message's body is delimited. */
type Framing =
  | { kind: "none" }
  | { kind: "length"; remaining: number }
  | { kind: "chunked"; parser: ChunkedBody }
  | { kind: "close" };

interface Head {
  /** The start line's words: method, target, version; or version, status, reason. */
  start: string[];
  /** `Content-Length` values, joined by commas when repeated. */
  contentLength?: string;
  /** `Transfer-Encoding` values, joined by commas when repeated. */
  transferEncoding?: string;
}

/**
 * Reads what the relay needs from a head: the start line, `Content-Length`
 * and `Transfer-Encoding` (other fields are only skipped: the internal
 * server judges them).
 */
function parseHead(bytes: Uint8Array): Head {
  const text = decoder.decode(bytes);
  let end = text.indexOf("\n");
  const head: Head = { start: text.slice(0, end).replace(/\r$/, "").split(" ") };
  for (let pos = end + 1; pos < text.length; pos = end + 1) {
    end = text.indexOf("\n", pos);
    if (end < 0) end = text.length;
    const first = text.charCodeAt(pos) | 0x20;
    if (first !== 0x63 && first !== 0x74) continue; // only c... and t... fields matter
    const colon = text.indexOf(":", pos);
    if (colon < 0 || colon > end) continue;
    const name = text.slice(pos, colon).trim().toLowerCase();
    const value = text.slice(colon + 1, end).trim();
    if (name === "content-length") {
      head.contentLength = head.contentLength === undefined ? value : `${head.contentLength}, ${value}`;
    } else if (name === "transfer-encoding") {
      head.transferEncoding = head.transferEncoding === undefined ? value : `${head.transferEncoding}, ${value}`;
    }
  }
  return head;
}

/** Body framing of a message from its head; null when it cannot be told (garbage). */
function framingOf(head: Head): Framing | null {
  const te = head.transferEncoding;
  if (te !== undefined) {
    return /(^|,)\s*chunked\s*$/i.test(te) ? { kind: "chunked", parser: new ChunkedBody() } : null;
  }
  const cl = head.contentLength;
  if (cl !== undefined) {
    const values = new Set(cl.split(",").map((v) => v.trim()));
    if (values.size !== 1) return null;
    const [value] = values;
    if (!/^\d{1,15}$/.test(value)) return null;
    const n = Number(value);
    return n === 0 ? { kind: "none" } : { kind: "length", remaining: n };
  }
  return { kind: "none" };
}

/** Consumes body bytes from `bytes[start..]`; returns how many, or -1 for garbage. */
function consumeBody(framing: Framing, bytes: Uint8Array, start: number): number {
  switch (framing.kind) {
    case "none":
      return 0;
    case "close":
      return bytes.length - start;
    case "length": {
      const take = Math.min(framing.remaining, bytes.length - start);
      framing.remaining -= take;
      return take;
    }
    case "chunked":
      return framing.parser.feed(bytes, start);
  }
}

function bodyDone(framing: Framing): boolean {
  return framing.kind === "none" || (framing.kind === "length" && framing.remaining === 0) ||
    (framing.kind === "chunked" && framing.parser.done);
}

/** Finds the end of a head in `bytes` (index after the blank line), scanning from `from`; -1 if absent. */
function headEnd(bytes: Uint8Array, from: number, length: number): number {
  for (let i = Math.max(from, 1); i < length; i++) {
    if (bytes[i] !== LF) continue;
    if (bytes[i - 1] === LF) return i + 1;
    if (bytes[i - 1] === CR && i >= 2 && bytes[i - 2] === LF) return i + 1;
  }
  return -1;
}

const HEAD_TOO_LARGE = new TextEncoder().encode(
  "HTTP/1.1 431 Request Header Fields Too Large\r\ncontent-type: text/plain; charset=utf-8\r\n" +
    "content-length: 32\r\nconnection: close\r\n\r\nRequest header fields too large.",
);

/** One client connection and its relay. */
class Relay {
  readonly client: Deno.TcpConn;
  readonly accepted: number;
  upstream: Deno.TcpConn | null = null;
  relayPort = 0;
  closed = false;
  /** The relay no longer parses (garbage it cannot frame): only the idle rule applies. */
  opaque = false;
  /** A `101` answer turned the connection into a tunnel (WebSocket). */
  tunnel = false;
  /** The service is stopping and the last response is complete: close after writing it. */
  closeAfterWrite = false;
  /** The internal server stopped reading (it answered a refused upload): client bytes are dropped. */
  dropClient = false;
  /** The internal server is done: the client got our FIN, its bytes are dropped until this deadline. */
  lingerUntil = 0;
  /** Client bytes dropped since the internal server stopped reading. */
  droppedBytes = 0;
  /** The client closed its sending side. */
  clientDone = false;

  // Client side.
  clientState: "head" | "body" = "head";
  headBuffer: Uint8Array | null = new Uint8Array(1024);
  headLength = 0;
  requestFraming: Framing = { kind: "none" };
  /** Methods of requests whose response is not complete yet, in order. */
  pending: string[] = [];

  // Server side.
  responseState: "head" | "body" = "head";
  responseHead: Uint8Array = EMPTY;
  responseFraming: Framing = { kind: "none" };

  // Deadlines (ms, performance.now()); 0 = not set.
  headDeadline = 0;
  idleDeadline = 0;
  bodyDeadline = 0;
  writeDeadline = 0;

  constructor(client: Deno.TcpConn, now: number, headerTimeoutMs: number) {
    this.client = client;
    this.accepted = now;
    this.headDeadline = now + headerTimeoutMs;
  }

  /** No request in flight: closing it loses nothing. */
  get idle(): boolean {
    return !this.tunnel && this.pending.length === 0 &&
      (this.clientState === "head" || this.upstream === null);
  }
}

/**
 * Starts the guard's accept loop on `hostname:port`, relaying to
 * `options.upstream`. Throws like `Deno.listen` when the address cannot be
 * bound (`AddrInUse`, `AddrNotAvailable`, `PermissionDenied`).
 */
export async function startConnectionGuard(options: ConnectionGuardOptions): Promise<ConnectionGuard> {
  const headerTimeoutMs = options.headerTimeoutMs ?? 10_000;
  const idleTimeoutMs = options.idleTimeoutMs ?? 5_000;
  const bodyTimeoutMs = options.bodyTimeoutMs ?? 15_000;
  const writeTimeoutMs = options.writeTimeoutMs ?? 30_000;
  const maxHeadBytes = options.maxHeadBytes ?? 96 * 1024;
  let limitCap = options.maxConnections ?? await defaultMaxConnections();
  // After an accept error (out of descriptors): a lower cap for a while.
  let pressureCap = Infinity;
  let pressureUntil = 0;
  const cap = () => (performance.now() < pressureUntil ? Math.min(limitCap, pressureCap) : limitCap);
  const limitWatch = options.maxConnections === undefined
    ? setInterval(() => {
      defaultMaxConnections().then((value) => limitCap = value, () => {});
    }, 5_000)
    : undefined;
  let upstreamPort = options.upstream.port;
  const listener = Deno.listen({ hostname: options.hostname, port: options.port, transport: "tcp" });
  const relays = new Set<Relay>();
  const byRelayPort = new Map<number, Deno.NetAddr>();
  const stats: ConnectionGuardStats = { open: 0, accepted: 0, timedOut: 0, evicted: 0, acceptErrors: 0 };
  let stopping = false;
  const drained = Promise.withResolvers<void>();

  function close(relay: Relay): void {
    if (relay.closed) return;
    relay.closed = true;
    relays.delete(relay);
    stats.open = relays.size;
    if (relay.relayPort) {
      byRelayPort.delete(relay.relayPort);
      options.onRelay?.(relay.relayPort, null);
    }
    try {
      relay.client.close();
    } catch { /* already closed */ }
    try {
      relay.upstream?.close();
    } catch { /* already closed */ }
    relay.headBuffer = null;
    if (stopping && relays.size === 0) drained.resolve();
  }

  /** Closes the oldest connection without a request in flight; false when there is none. */
  function evictOne(): boolean {
    for (const relay of relays) {
      if (relay.idle) {
        stats.evicted++;
        close(relay);
        return true;
      }
    }
    return false;
  }

  const sweeper = setInterval(() => {
    const now = performance.now();
    for (const relay of relays) {
      if (
        (relay.headDeadline && now > relay.headDeadline) || (relay.idleDeadline && now > relay.idleDeadline) ||
        (relay.bodyDeadline && now > relay.bodyDeadline) || (relay.writeDeadline && now > relay.writeDeadline)
      ) {
        stats.timedOut++;
        close(relay);
      } else if (relay.lingerUntil && now > relay.lingerUntil) {
        close(relay);
      }
    }
  }, SWEEP_MS);

  async function writeClient(relay: Relay, bytes: Uint8Array): Promise<void> {
    relay.writeDeadline = performance.now() + writeTimeoutMs;
    let offset = 0;
    while (offset < bytes.length) offset += await relay.client.write(bytes.subarray(offset));
    relay.writeDeadline = 0;
  }

  async function writeUpstream(relay: Relay, bytes: Uint8Array): Promise<void> {
    let offset = 0;
    while (offset < bytes.length) offset += await relay.upstream!.write(bytes.subarray(offset));
  }

  /** Accounts for client bytes `bytes[0..n]`; false when the connection must close. */
  function onClientBytes(relay: Relay, bytes: Uint8Array, n: number): boolean {
    const now = performance.now();
    relay.idleDeadline = 0;
    if (relay.opaque || relay.tunnel) {
      relay.idleDeadline = now + headerTimeoutMs;
      return true;
    }
    let i = 0;
    while (i < n) {
      if (relay.clientState === "head") {
        if (relay.headLength === 0) {
          // A new request begins: its head has headerTimeoutMs from now (the first one since accept).
          if (!relay.headDeadline) relay.headDeadline = now + headerTimeoutMs;
        }
        const buffer = relay.headBuffer!;
        const take = Math.min(n - i, maxHeadBytes + 1 - relay.headLength);
        let target = buffer;
        if (relay.headLength + take > buffer.length) {
          target = new Uint8Array(Math.min(maxHeadBytes + 1, Math.max(buffer.length * 2, relay.headLength + take)));
          target.set(buffer.subarray(0, relay.headLength));
          relay.headBuffer = target;
        }
        target.set(bytes.subarray(i, i + take), relay.headLength);
        const scanFrom = Math.max(0, relay.headLength - 3);
        relay.headLength += take;
        const end = headEnd(target, scanFrom, relay.headLength);
        if (end < 0) {
          if (relay.headLength > maxHeadBytes) return false;
          i += take;
          continue;
        }
        // Bytes past the head go back to the loop as body or a pipelined request.
        i += take - (relay.headLength - end);
        const head = parseHead(target.subarray(0, end));
        relay.headLength = 0;
        relay.headDeadline = 0;
        if (relay.headBuffer!.length > 4096) relay.headBuffer = new Uint8Array(1024);
        const framing = framingOf(head);
        if (framing === null) {
          // The internal server answers garbage with a 400; only the idle rule applies from here.
          relay.opaque = true;
          relay.idleDeadline = now + headerTimeoutMs;
          return true;
        }
        relay.pending.push(head.start[0].toUpperCase());
        relay.requestFraming = framing;
        if (!bodyDone(framing)) {
          relay.clientState = "body";
          relay.bodyDeadline = now + bodyTimeoutMs;
        }
      } else {
        const used = consumeBody(relay.requestFraming, bytes.subarray(0, n), i);
        if (used < 0) {
          relay.opaque = true;
          relay.bodyDeadline = 0;
          relay.idleDeadline = now + headerTimeoutMs;
          return true;
        }
        i += used;
        relay.bodyDeadline = now + bodyTimeoutMs;
        if (bodyDone(relay.requestFraming)) {
          relay.clientState = "head";
          relay.bodyDeadline = 0;
        }
      }
    }
    return true;
  }

  /** Accounts for server bytes `bytes[0..n]` (trusted: our own server). */
  function onServerBytes(relay: Relay, bytes: Uint8Array, n: number): void {
    if (relay.opaque || relay.tunnel) {
      if (relay.opaque) relay.idleDeadline = performance.now() + headerTimeoutMs;
      return;
    }
    let i = 0;
    while (i < n) {
      if (relay.responseState === "head") {
        // Usually the whole head is in this read: scan it in place; join only a head split across reads.
        let source = bytes;
        let from = i;
        let length = n;
        if (relay.responseHead.length > 0) {
          source = concat([relay.responseHead, bytes.slice(i, n)]);
          from = 0;
          length = source.length;
        }
        const end = headEnd(source, Math.max(from, from + relay.responseHead.length - 3), length);
        if (end < 0) {
          relay.responseHead = source === bytes ? bytes.slice(i, n) : source;
          return;
        }
        i = source === bytes ? end : i + (end - relay.responseHead.length);
        relay.responseHead = EMPTY;
        const head = parseHead(source.subarray(from, end));
        const status = Number(head.start[1] ?? 0);
        if (status === 101) {
          relay.tunnel = true;
          relay.headDeadline = relay.idleDeadline = relay.bodyDeadline = 0;
          return;
        }
        if (status >= 100 && status < 200) continue;
        const method = relay.pending[0] ?? "GET";
        let framing = framingOf(head);
        if (method === "HEAD" || status === 204 || status === 304) framing = { kind: "none" };
        else if (framing?.kind === "none" && head.contentLength === undefined) framing = { kind: "close" };
        relay.responseFraming = framing ?? { kind: "close" };
        relay.responseState = "body";
      }
      if (relay.responseState === "body") {
        const used = consumeBody(relay.responseFraming, bytes.subarray(0, n), i);
        i += Math.max(used, 0);
        if (used < 0) relay.responseFraming = { kind: "close" };
        if (bodyDone(relay.responseFraming)) {
          relay.responseState = "head";
          relay.pending.shift();
          if (relay.pending.length === 0 && relay.clientState === "head" && relay.headLength === 0) {
            if (stopping) {
              // Shutting down: close once these last bytes reached the client.
              relay.closeAfterWrite = true;
              return;
            }
            relay.idleDeadline = performance.now() + idleTimeoutMs;
          }
        }
      }
    }
  }

  /**
   * The internal server is done with this connection: send the client our FIN
   * and drop what it still sends for a moment (at most {@linkcode LINGER_MS}
   * and {@linkcode LINGER_BYTES}) before closing. Closing at once, with its
   * upload unread, would reset the connection and could destroy the answer
   * on its way (a `413` to a client still sending its body).
   */
  function linger(relay: Relay): void {
    if (relay.closed || relay.lingerUntil) return;
    relay.dropClient = true;
    relay.lingerUntil = performance.now() + LINGER_MS;
    relay.client.closeWrite().catch(() => close(relay));
  }

  async function pumpUpstream(relay: Relay): Promise<void> {
    const buffer = new Uint8Array(UPSTREAM_READ_BYTES);
    let writingClient = false;
    try {
      while (!relay.closed) {
        const n = await relay.upstream!.read(buffer);
        if (n === null) break;
        onServerBytes(relay, buffer, n);
        if (relay.closed) break;
        writingClient = true;
        await writeClient(relay, buffer.subarray(0, n));
        writingClient = false;
        if (relay.closeAfterWrite) break;
      }
    } catch {
      // reset by either side
    }
    // A failed write means the client is gone; a client that finished sending has nothing left to drop.
    if (writingClient || relay.closeAfterWrite || relay.clientDone) close(relay);
    else linger(relay);
  }

  async function connectUpstream(relay: Relay): Promise<boolean> {
    try {
      const upstream = await Deno.connect({ hostname: options.upstream.hostname, port: upstreamPort });
      if (relay.closed) {
        upstream.close();
        return false;
      }
      upstream.setNoDelay(true);
      relay.upstream = upstream;
      relay.relayPort = (upstream.localAddr as Deno.NetAddr).port;
      byRelayPort.set(relay.relayPort, relay.client.remoteAddr as Deno.NetAddr);
      options.onRelay?.(relay.relayPort, relay.client.remoteAddr as Deno.NetAddr);
      void pumpUpstream(relay);
      return true;
    } catch (error) {
      logger.warn("Cannot open a connection to the internal server", { error: errorText(error) });
      return false;
    }
  }

  async function serveClient(relay: Relay): Promise<void> {
    let buffer = new Uint8Array(HEAD_READ_BYTES);
    // Bytes read before the relay opens: the first head (and whatever followed it in the same reads).
    const early: Uint8Array[] = [];
    try {
      while (!relay.closed) {
        const n = await relay.client.read(buffer);
        if (n === null) break;
        if (relay.dropClient) {
          relay.droppedBytes += n;
          if (relay.droppedBytes <= LINGER_BYTES) continue;
          close(relay);
          return;
        }
        if (!onClientBytes(relay, buffer, n)) {
          await writeClient(relay, HEAD_TOO_LARGE).catch(() => {});
          break;
        }
        if (relay.upstream === null) {
          early.push(buffer.slice(0, n));
          if (relay.pending.length === 0 && !relay.opaque) continue;
          // The first head is complete: open the relay and send what was read so far.
          if (!(await connectUpstream(relay))) break;
          await writeUpstream(relay, concat(early.splice(0)));
          buffer = new Uint8Array(CLIENT_READ_BYTES);
          continue;
        }
        // The internal server may have answered and closed while the client still sends (a refused upload):
        // keep reading and dropping, so its answer is relayed and the client is not reset (see linger()).
        await writeUpstream(relay, buffer.subarray(0, n)).catch(() => {
          relay.dropClient = true;
        });
      }
      // The client finished sending: pass the half-close on, keep relaying the answer.
      relay.clientDone = true;
      if (relay.upstream && !relay.closed && !relay.lingerUntil) {
        await relay.upstream.closeWrite().catch(() => {});
        return;
      }
    } catch {
      // reset by either side
    }
    close(relay);
  }

  function accept(client: Deno.TcpConn): void {
    stats.accepted++;
    if (stopping) {
      client.close();
      return;
    }
    while (relays.size > cap() && evictOne()) { /* shrink to a lowered cap */ }
    if (relays.size >= cap() && !evictOne()) {
      stats.evicted++;
      client.close();
      return;
    }
    try {
      client.setNoDelay(true);
    } catch { /* closed already */ }
    const relay = new Relay(client, performance.now(), headerTimeoutMs);
    relays.add(relay);
    stats.open = relays.size;
    void serveClient(relay);
  }

  const loop = (async () => {
    let backoff = 10;
    while (!stopping) {
      let client: Deno.TcpConn;
      try {
        client = await listener.accept() as Deno.TcpConn;
        backoff = 10;
      } catch (error) {
        if (stopping || error instanceof Deno.errors.BadResource) break;
        stats.acceptErrors++;
        // Out of descriptors (EMFILE/ENFILE) or a transient network error: free room, wait, go on.
        const freed = evictOne();
        pressureCap = Math.max(16, relays.size - 64);
        pressureUntil = performance.now() + 10_000;
        while (relays.size > pressureCap && evictOne()) { /* make headroom */ }
        if (stats.acceptErrors === 1 || stats.acceptErrors % 1000 === 0) {
          logger.warn("Cannot accept a connection; retrying", {
            error: errorText(error),
            acceptErrors: stats.acceptErrors,
            open: relays.size,
            freedIdle: freed,
          });
        }
        await new Promise((resolve) => setTimeout(resolve, backoff));
        backoff = Math.min(backoff * 2, 1_000);
        continue;
      }
      accept(client);
    }
  })();

  return {
    addr: listener.addr as Deno.NetAddr,
    clientOf: (relayPort) => byRelayPort.get(relayPort),
    setUpstreamPort(port) {
      upstreamPort = port;
    },
    stats: () => Promise.resolve({ ...stats, open: relays.size }),
    async close(graceMs = 30_000) {
      if (!stopping) {
        stopping = true;
        try {
          listener.close();
        } catch { /* closed */ }
        for (const relay of [...relays]) if (relay.idle || relay.tunnel) close(relay);
        if (relays.size === 0) drained.resolve();
      }
      await loop;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        drained.promise,
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            for (const relay of [...relays]) close(relay);
            resolve();
          }, graceMs);
        }),
      ]);
      clearTimeout(timer);
      clearInterval(sweeper);
      clearInterval(limitWatch);
    },
  };
}
