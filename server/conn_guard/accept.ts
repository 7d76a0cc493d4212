/**
 * The guard's accept loop: the public listener, the cap on open connections and who is evicted
 * at it (each client address has a share: `deadlines.ts`), the sweep of deadlines, surviving accept errors (EMFILE), and a graceful close. Each
 * connection is a {@linkcode Relay}.
 *
 * @module
 */
import { errorText, logger } from "../log.ts";
import type { ConnectionGuard, ConnectionGuardOptions, ConnectionGuardStats } from "./types.ts";
import { evictionRank, expiredReason, fairEvictionCandidate } from "./deadlines.ts";
import { Microcache } from "./microcache.ts";
import { Relay, type RelayHost } from "./relay.ts";
import { relaySettings } from "./settings.ts";

const SWEEP_MS = 250;

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

/** The connection to close to make room: the lowest {@linkcode evictionRank}; undefined when there is none. */
function evictionCandidate(relays: Iterable<Relay>, now: number): Relay | undefined {
  let best: Relay | undefined;
  let bestRank = Infinity;
  for (const relay of relays) {
    if (relay.closed) continue;
    const rank = evictionRank(relay, now);
    if (rank < bestRank) {
      best = relay;
      bestRank = rank;
    }
  }
  return best;
}

/**
 * Starts the guard's accept loop on `hostname:port`, relaying to
 * `options.upstream`. Throws like `Deno.listen` when the address cannot be
 * bound (`AddrInUse`, `AddrNotAvailable`, `PermissionDenied`).
 */
export async function startConnectionGuard(options: ConnectionGuardOptions): Promise<ConnectionGuard> {
  const settings = relaySettings(options);
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
  /** The open relays of each client address (its share of the cap is judged from these). */
  const byAddress = new Map<string, Set<Relay>>();
  const addressOf = (relay: Relay) => (relay.client.remoteAddr as Deno.NetAddr).hostname;
  const byRelayPort = new Map<number, Deno.NetAddr>();
  const stats: ConnectionGuardStats = {
    open: 0,
    accepted: 0,
    timedOut: 0,
    evicted: 0,
    acceptErrors: 0,
    refused: 0,
    microcacheHits: 0,
    microcacheEntries: 0,
  };
  const microcache = options.microcache === false ? null : new Microcache(options.microcache ?? {});
  let stopping = false;
  const drained = Promise.withResolvers<void>();

  const host: RelayHost = {
    settings,
    microcache,
    get stopping() {
      return stopping;
    },
    async connect() {
      const upstream = await Deno.connect({ hostname: options.upstream.hostname, port: upstreamPort }).catch(
        (error) => {
          logger.warn("Cannot open a connection to the internal server", { error: errorText(error) });
          throw error;
        },
      );
      upstream.setNoDelay(true);
      return upstream;
    },
    onRelayPort(relay, port) {
      const client = relay.client.remoteAddr as Deno.NetAddr;
      if (port === null) byRelayPort.delete(relay.relayPort);
      else byRelayPort.set(port, client);
      options.onRelay?.(port ?? relay.relayPort, port === null ? null : client);
    },
    onClosed(relay) {
      relays.delete(relay);
      const address = addressOf(relay);
      const same = byAddress.get(address);
      same?.delete(relay);
      if (same?.size === 0) byAddress.delete(address);
      stats.open = relays.size;
      if (relay.refused) stats.refused++;
      if (stopping && relays.size === 0) drained.resolve();
    },
  };

  /** Closes the connection that matters least (see {@linkcode evictionRank}); false when there is none. */
  function evictOne(onlyIdle = false): boolean {
    const relay = evictionCandidate(relays, performance.now());
    if (!relay || (onlyIdle && !relay.idle)) return false;
    stats.evicted++;
    relay.close();
    return true;
  }

  const sweeper = setInterval(() => {
    const now = performance.now();
    for (const relay of relays) {
      const reason = expiredReason(relay, now, settings);
      if (reason === null) continue;
      if (reason !== "linger") stats.timedOut++;
      relay.close();
    }
  }, SWEEP_MS);

  function accept(client: Deno.TcpConn): void {
    stats.accepted++;
    if (stopping) {
      client.close();
      return;
    }
    const address = (client.remoteAddr as Deno.NetAddr).hostname;
    // Make room, also below a lowered cap: from the address furthest over its share, else only what loses nothing.
    while (relays.size >= cap()) {
      const victim = fairEvictionCandidate(byAddress, address, cap(), performance.now());
      stats.evicted++;
      if (victim === undefined) {
        // Every address is within its share and every connection busy: the newcomer waits for a retry.
        client.close();
        return;
      }
      victim.close();
    }
    try {
      client.setNoDelay(true);
    } catch { /* closed already */ }
    const relay = new Relay(client, host);
    relays.add(relay);
    const same = byAddress.get(address);
    if (same) same.add(relay);
    else byAddress.set(address, new Set([relay]));
    stats.open = relays.size;
    relay.start();
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
        const freed = evictOne(true);
        pressureCap = Math.max(16, relays.size - 64);
        pressureUntil = performance.now() + 10_000;
        while (relays.size > pressureCap && evictOne(true)) { /* make headroom */ }
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
    stats: () =>
      Promise.resolve({
        ...stats,
        open: relays.size,
        microcacheHits: microcache?.hits ?? 0,
        microcacheEntries: microcache?.size ?? 0,
      }),
    clearMicrocache() {
      microcache?.clear();
      return Promise.resolve();
    },
    async close(graceMs = 30_000) {
      if (!stopping) {
        stopping = true;
        try {
          listener.close();
        } catch { /* closed */ }
        for (const relay of [...relays]) if (relay.idle || relay.tunnelSince) relay.close();
        if (relays.size === 0) drained.resolve();
      }
      await loop;
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        drained.promise,
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            for (const relay of [...relays]) relay.close();
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
