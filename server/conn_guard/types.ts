/**
 * The connection guard's public types: its options, its stats and the handle
 * `startConnectionGuard` returns. Below `guard.ts` and `accept.ts`, so
 * neither imports the other back.
 *
 * @module
 */
import type { RelaySettings } from "./settings.ts";
import type { MicrocacheSettings } from "./microcache.ts";

export type { MicrocacheSettings, RelaySettings };

/** Options of `startConnectionGuard`: the deadlines and limits of {@linkcode RelaySettings} and these. */
export interface ConnectionGuardOptions extends Partial<RelaySettings> {
  /** Interface of the public listener. */
  hostname: string;
  /** Port of the public listener (0 picks one). */
  port: number;
  /** The internal server the bytes are relayed to (loopback). */
  upstream: { hostname: string; port: number };
  /** Open connections at most (default from the process's open-file limit, see {@linkcode defaultMaxConnections}). */
  maxConnections?: number;
  /**
   * The microcache (`microcache.ts`): answers the internal server marks as shareable are repeated by
   * the guard for a second or two; `false` turns it off (default on, with its default limits).
   */
  microcache?: Partial<MicrocacheSettings> | false;
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
  /** Connections whose requests the guard refused itself (`400`, `431`), closed after the answer. */
  refused: number;
  /** Requests the microcache answered. */
  microcacheHits: number;
  /** Answers the microcache keeps now. */
  microcacheEntries: number;
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
  /** Drops every answer of the microcache (a purge); resolves once the guard did. */
  clearMicrocache(): Promise<void>;
  /**
   * Stops accepting, closes connections that have no request in flight, and
   * resolves when the others finished their responses (or after `graceMs`,
   * default 30 s, when they are closed anyway).
   */
  close(graceMs?: number): Promise<void>;
}
