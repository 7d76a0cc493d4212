/**
 * The connection guard: the service's public TCP listener, and its public interface. `Deno.serve`
 * (Deno 2.9.6) has no header read timeout, no keep-alive idle timeout, no cap on connections, and
 * stops (its `finished` rejects) on an accept error such as EMFILE. So the public port is a small
 * accept loop (`accept.ts`) in front of an internal `Deno.serve` on loopback, one relay
 * (`relay.ts`) per client connection, so keep-alive and pipelining keep their meaning. The relay
 * reads the requests as the server does (`parser.ts`: empty lines before a request skipped, sizes
 * parsed the same way, what either side would refuse answered `400` by the guard and never
 * passed on), so it waits for exactly as many answers as the server gives. Every state of a
 * connection has a deadline (`settings.ts`): the head, idle keep-alive, a stalled or trickling
 * body, waiting for an answer, an unread answer, a WebSocket's lifetime and its idle time (pings
 * and pongs are not data). At most `maxConnections` are open: at the cap the connection quiet the
 * longest without a request in flight is closed, else the slowest one. Without an explicit cap it
 * follows the open-file limit, re-read every few seconds. An accept error is logged and survived.
 * Answers the internal server marks as shareable for a second or two (cached share images,
 * crawler documents) are repeated by the guard itself (`microcache.ts`), in order, with a fresh
 * `Date`, and logged like the service's own request lines.
 *
 * @module
 */
import type { RelaySettings } from "./settings.ts";
import type { MicrocacheSettings } from "./microcache.ts";

export type { MicrocacheSettings, RelaySettings };

/** Options of {@linkcode startConnectionGuard}: the deadlines and limits of {@linkcode RelaySettings} and these. */
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

export { defaultMaxConnections, startConnectionGuard } from "./accept.ts";
