/**
 * When a connection must close (every state has a deadline) and which one goes first at the cap,
 * judged from a {@linkcode Relay}'s state and times.
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
