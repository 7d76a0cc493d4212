/**
 * The guard's microcache: a few answers the internal server marked as shareable for a second or
 * two (cached share images, crawler documents), repeated by the guard itself without a trip to
 * the internal server. Pure, no I/O.
 *
 * - The service marks an answer with {@linkcode MICROCACHE_HEADER} (its value: how long it may be
 *   repeated, in ms, capped at `maxTtlMs`); the guard strips that header from every answer.
 * - Only requests {@linkcode microcacheKey} accepts are looked up or stored: `GET` or `HEAD`,
 *   HTTP/1.1, no body, no `Cookie`, `Authorization`, conditional or range header. The key is the
 *   method, the target as sent and the exact values of every request header the answer may
 *   depend on ({@linkcode KEY_FIELDS}).
 * - Only a marked `200` without `Set-Cookie`, `Cache-Control: private/no-store/no-cache` or
 *   `Vary: *` is stored ({@linkcode markedHead}); its `Date` and `Connection` are dropped, a
 *   fresh `Date` (and `Connection: close` when the request closes) written on every repeat.
 * - Bounded by bytes, entries and the size of one answer; {@linkcode Microcache.clear} (a purge)
 *   drops everything and turns away answers to requests sent before it.
 *
 * @module
 */
import type { RequestHead } from "./parser.ts";

/** The internal header by which the service marks an answer the guard may repeat (value: ms). */
export const MICROCACHE_HEADER = "x-guard-microcache";

/** Limits of a {@linkcode Microcache}. */
export interface MicrocacheSettings {
  /** Bytes of all kept answers at most (default 4 MiB). */
  maxBytes: number;
  /** Answers kept at most (default 256). */
  maxEntries: number;
  /** Largest answer kept, head and body (default 1 MiB). */
  maxEntryBytes: number;
  /** Longest an answer is repeated, whatever its mark says (default 2 s). */
  maxTtlMs: number;
}

/** The default {@linkcode MicrocacheSettings}. */
export const microcacheDefaults: Readonly<MicrocacheSettings> = {
  maxBytes: 4 * 1024 * 1024,
  maxEntries: 256,
  maxEntryBytes: 1024 * 1024,
  maxTtlMs: 2_000,
};

/**
 * Request headers an answer may depend on, all in the key: the origin (`Host`, and
 * `X-Forwarded-*`/`Forwarded` as `server/http/origin.ts` reads them), the coding, the
 * `User-Agent` (crawler documents) and `X-Blocked-Paths` (the crawler documents' own key).
 */
export const KEY_FIELDS: readonly string[] = [
  "host",
  "x-forwarded-host",
  "x-forwarded-proto",
  "forwarded",
  "accept-encoding",
  "user-agent",
  "x-blocked-paths",
];

/** Request headers that make an answer personal, conditional or partial: such requests always go through. */
const BYPASS_FIELDS: readonly string[] = [
  "cookie",
  "authorization",
  "proxy-authorization",
  "if-none-match",
  "if-modified-since",
  "if-match",
  "if-unmodified-since",
  "if-range",
  "range",
  "expect",
  "content-length",
  "transfer-encoding",
  "upgrade",
];

/** The microcache key of a request, or null when it may be neither answered nor stored. */
export function microcacheKey(head: RequestHead): string | null {
  if ((head.method !== "GET" && head.method !== "HEAD") || head.http10 || head.upgrade) return null;
  const fields = head.fields;
  for (const name of BYPASS_FIELDS) if (fields.has(name)) return null;
  let key = `${head.method} ${head.target}`;
  for (const name of KEY_FIELDS) {
    const values = fields.get(name);
    // A missing field and an empty one differ; several fields keep their order.
    key += values === undefined ? "\n" : `\n=${values.join("\n=")}`;
  }
  return key;
}

/** A marked answer head: what the client gets and what may be stored. */
export interface MarkedHead {
  /** How long the service allows the answer to be repeated, in ms (0 when the mark is not a number). */
  ttlMs: number;
  /** The head without the mark (ends with its empty line). */
  forClient: string;
  /** Where the mark's line (from the line end before it) stands in the head, and its length. */
  markAt: number;
  markLength: number;
  /** The head without the mark, `Date` and the empty line, when the answer may be stored; else null. */
  forStore: string | null;
}

const MARK_LINE = new RegExp(`\\r?\\n${MICROCACHE_HEADER}:[ \\t]*([^\\r\\n]*)`, "i");

/** Reads the mark of an answer head (latin1 text, status line to empty line); null when unmarked. */
export function markedHead(text: string): MarkedHead | null {
  const mark = MARK_LINE.exec(text);
  if (mark === null) return null;
  const forClient = text.slice(0, mark.index) + text.slice(mark.index + mark[0].length);
  const ttlMs = /^\d{1,6}$/.test(mark[1].trim()) ? Number(mark[1].trim()) : 0;
  const lines = forClient.split(/\r?\n/);
  const storable = ttlMs > 0 && /^HTTP\/1\.1 200( |$)/.test(lines[0]) && lines.every((line) => {
    const colon = line.indexOf(":");
    if (colon < 0) return true;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1);
    if (name === "set-cookie" || name === MICROCACHE_HEADER) return false;
    // The server's `Connection: close` answers the request's own; a hit writes its own.
    if (name === "connection") return /^\s*(close|keep-alive)\s*$/i.test(value);
    if (name === "cache-control") return !/private|no-store|no-cache/i.test(value);
    if (name === "vary") return !/\*/.test(value);
    return true;
  });
  const kept = lines.filter((line, i) => i === 0 || (line !== "" && !/^(date|connection):/i.test(line)));
  return {
    ttlMs,
    forClient,
    markAt: mark.index,
    markLength: mark[0].length,
    forStore: storable ? kept.join("\r\n") : null,
  };
}

/** What a relay keeps to store an answer once it is complete. */
export interface Ticket {
  readonly key: string;
  /** The cache's generation when the request went to the server (a clear since turns the answer away). */
  readonly generation: number;
}

/** One kept answer. */
interface Entry {
  readonly head: string;
  readonly expiresAt: number;
  readonly size: number;
  /** The path as the request log writes it. */
  readonly path: string;
  /**
   * The whole answer with the `Date` of `stamp` (the only copy of the body: a new second builds a
   * new one, never changing bytes a write may still be sending).
   */
  bytes: Uint8Array;
  /** Where the body begins in `bytes`. */
  bodyAt: number;
  stamp: string;
}

const encoder = new TextEncoder();
let dateSecond = -1;
let dateText = "";

/** The HTTP `Date` of `now` (ms since the epoch), formatted once a second. */
export function httpDate(now: number): string {
  const second = Math.floor(now / 1000);
  if (second !== dateSecond) {
    dateSecond = second;
    dateText = new Date(second * 1000).toUTCString();
  }
  return dateText;
}

function build(head: string, date: string, body: Uint8Array, extra = ""): Uint8Array {
  const top = encoder.encode(`${head}\r\n${extra}date: ${date}\r\n\r\n`);
  const bytes = new Uint8Array(top.length + body.length);
  bytes.set(top);
  bytes.set(body, top.length);
  return bytes;
}

function pathOf(target: string): string {
  try {
    return new URL(target, "http://localhost").pathname;
  } catch {
    return target.split("?")[0];
  }
}

/** A hit: the bytes to write and the path to log. */
export interface Hit {
  readonly bytes: Uint8Array;
  readonly path: string;
}

/** The kept answers. */
export class Microcache {
  readonly settings: MicrocacheSettings;
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;
  #generation = 0;
  /** Answers given from the cache so far. */
  hits = 0;

  constructor(settings: Partial<MicrocacheSettings> = {}) {
    this.settings = { ...microcacheDefaults, ...settings };
  }

  /** Answers kept now (expired ones included until they are looked up or pushed out). */
  get size(): number {
    return this.#entries.size;
  }

  /** Bytes kept now. */
  get bytes(): number {
    return this.#bytes;
  }

  /** Counts clears: a ticket of an older generation is not stored. */
  get generation(): number {
    return this.#generation;
  }

  /** The answer for `key` at `now` (ms since the epoch), with a fresh `Date`; `close` adds `Connection: close`. */
  get(key: string, now: number, close = false): Hit | undefined {
    const entry = this.#entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.expiresAt <= now) {
      this.#remove(key, entry);
      return undefined;
    }
    this.hits++;
    const date = httpDate(now);
    const body = entry.bytes.subarray(entry.bodyAt);
    if (close) return { bytes: build(entry.head, date, body, "connection: close\r\n"), path: entry.path };
    if (entry.stamp !== date) {
      entry.bytes = build(entry.head, date, body);
      entry.bodyAt = entry.bytes.length - body.length;
      entry.stamp = date;
    }
    return { bytes: entry.bytes, path: entry.path };
  }

  /**
   * Keeps an answer (`head` from {@linkcode MarkedHead.forStore}, the body bytes as framed) for
   * `ttlMs` (capped); false when it is turned away (a clear since the ticket, too large, no TTL).
   */
  set(ticket: Ticket, head: string, body: Uint8Array, ttlMs: number, now: number): boolean {
    const ttl = Math.min(ttlMs, this.settings.maxTtlMs);
    const size = head.length + body.length + ticket.key.length * 2 + 64;
    if (ticket.generation !== this.#generation || !(ttl > 0) || size > this.settings.maxEntryBytes) return false;
    const old = this.#entries.get(ticket.key);
    if (old !== undefined) this.#remove(ticket.key, old);
    const target = ticket.key.slice(ticket.key.indexOf(" ") + 1, ticket.key.indexOf("\n"));
    const stamp = httpDate(now);
    const bytes = build(head, stamp, body);
    const entry: Entry = {
      head,
      expiresAt: now + ttl,
      size,
      path: pathOf(target),
      bytes,
      bodyAt: bytes.length - body.length,
      stamp,
    };
    this.#entries.set(ticket.key, entry);
    this.#bytes += size;
    // The oldest go first: every entry lives two seconds at most anyway.
    for (const [key, first] of this.#entries) {
      if (this.#bytes <= this.settings.maxBytes && this.#entries.size <= this.settings.maxEntries) break;
      this.#remove(key, first);
    }
    return true;
  }

  /** Drops every answer; answers to requests sent before now are not stored. */
  clear(): void {
    this.#entries.clear();
    this.#bytes = 0;
    this.#generation++;
  }

  #remove(key: string, entry: Entry): void {
    this.#entries.delete(key);
    this.#bytes -= entry.size;
  }
}
