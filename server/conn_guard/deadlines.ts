/**
 * When a connection must close (every state has a deadline) and which one goes first at the cap,
 * judged from a {@linkcode Relay}'s state and times, and each client address's share of the cap.
 *
 * @module
 */
import type { Relay } from "./relay.ts";
import type { RelaySettings } from "./settings.ts";

/** Why `relay` must close at `now` (a deadline passed), or null; starts the body's next rate window when one ended. */
export function expiredReason(relay: Relay, now: number, settings: RelaySettings): string | null {
  const t = relay.times;
  if (relay.lingerUntil) return now > relay.lingerUntil ? "linger" : null;
  if (t.write && now - t.write > settings.writeTimeoutMs) return "unread answer";
  if (relay.tunnelSince) {
    if (now - relay.tunnelSince > settings.webSocketLifetimeMs) return "websocket lifetime";
    if (now - t.tunnelData > settings.webSocketIdleMs) return "websocket idle";
    return null;
  }
  if (t.head && now - t.head > settings.headerTimeoutMs) return "slow head";
  if (relay.requests.state === "body" && t.body) {
    if (now - t.bodyByte > settings.bodyTimeoutMs && !relay.writingUpstream) return "stalled body";
    if (now - t.window >= settings.bodyRateWindowMs) {
      const slow = now - t.body > settings.bodyGraceMs && t.windowBytes < settings.minBodyBytesPerWindow;
      if (slow && !relay.writingUpstream) return "slow body";
      t.window = now;
      t.windowBytes = 0;
    }
  }
  if (relay.answers.pending > 0 && relay.requests.state !== "body") {
    return now - t.answer > settings.answerTimeoutMs ? "no answer" : null;
  }
  if (relay.idle && !t.head && now - t.active > settings.idleTimeoutMs) return "idle";
  return null;
}

/**
 * Eviction order at the cap, lowest first: connections without a request in flight by how long
 * they have been quiet (oldest first), then the others by how slowly they move bytes.
 */
export function evictionRank(relay: Relay, now: number): number {
  if (relay.idle) return -1e12 + relay.times.active;
  return relay.bytes / Math.max(1, now - relay.accepted);
}

/**
 * Closing `relay` loses nothing its client waits on: a kept-alive connection between requests (it sent one
 * before, no request or head of one in progress), or one lingering after its last answer.
 */
export function losesNothing(relay: Relay): boolean {
  if (relay.lingerUntil) return true;
  return relay.idle && relay.upstream !== null && !relay.requests.inHead;
}

/**
 * The connection to close so that a client of `newcomer` (an address) may open one, at a cap of `cap`
 * connections held by `byAddress`; undefined when none may go (the newcomer is refused instead). Each address
 * has a share of the cap (`cap / addresses`, the newcomer's counted): the address furthest over its share gives
 * up its lowest {@linkcode evictionRank}; when every address is within its share, only a connection that
 * {@linkcode losesNothing} may go, so a request in flight from a client within its share is never taken.
 */
export function fairEvictionCandidate(
  byAddress: ReadonlyMap<string, ReadonlySet<Relay>>,
  newcomer: string,
  cap: number,
  now: number,
): Relay | undefined {
  const addresses = byAddress.size + (byAddress.has(newcomer) ? 0 : 1);
  const share = Math.max(1, Math.floor(cap / addresses));
  let over: ReadonlySet<Relay> | undefined;
  let most = share;
  for (const [address, relays] of byAddress) {
    const count = relays.size + (address === newcomer ? 1 : 0);
    if (count > most) {
      over = relays;
      most = count;
    }
  }
  if (over !== undefined) {
    const victim = lowest(over, now, () => true);
    if (victim !== undefined) return victim;
  }
  let best: Relay | undefined;
  let bestRank = Infinity;
  for (const relays of byAddress.values()) {
    const victim = lowest(relays, now, losesNothing);
    const rank = victim === undefined ? Infinity : evictionRank(victim, now);
    if (rank < bestRank) {
      best = victim;
      bestRank = rank;
    }
  }
  return best;
}

/** The open relay of `relays` with the lowest {@linkcode evictionRank} among those `allowed`. */
function lowest(relays: Iterable<Relay>, now: number, allowed: (relay: Relay) => boolean): Relay | undefined {
  let best: Relay | undefined;
  let bestRank = Infinity;
  for (const relay of relays) {
    if (relay.closed || !allowed(relay)) continue;
    const rank = evictionRank(relay, now);
    if (rank < bestRank) {
      best = relay;
      bestRank = rank;
    }
  }
  return best;
}
