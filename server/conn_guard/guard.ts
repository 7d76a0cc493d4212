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
export type * from "./types.ts";
export { defaultMaxConnections, startConnectionGuard } from "./accept.ts";
