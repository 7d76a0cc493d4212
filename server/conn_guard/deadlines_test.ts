import assert from "node:assert/strict";
import { evictionRank, expiredReason, fairEvictionCandidate, losesNothing } from "./deadlines.ts";
import { Relay, type RelayHost } from "./relay.ts";
import { relaySettings } from "./settings.ts";

const settings = relaySettings({});
const encoder = new TextEncoder();

/** A relay that is never started: its state is set by feeding its parsers directly. */
function relay(): Relay {
  const host: RelayHost = {
    settings,
    stopping: false,
    microcache: null,
    connect: () => Promise.reject(new Error("not in this test")),
    onRelayPort() {},
    onClosed() {},
  };
  return new Relay({} as Deno.TcpConn, host);
}

Deno.test("each state has its deadline: head, idle, body stalled or trickling, answer, WebSocket", () => {
  const fresh = relay();
  const t0 = fresh.accepted;
  assert.equal(expiredReason(fresh, t0 + settings.headerTimeoutMs - 1, settings), null);
  assert.equal(expiredReason(fresh, t0 + settings.headerTimeoutMs + 1, settings), "slow head");

  // A complete request waits for its answer; once answered, the connection is idle.
  const waiting = relay();
  const fed = waiting.requests.feed(encoder.encode("GET / HTTP/1.1\r\n\r\n"));
  waiting.answers.expect(fed.heads[0].method);
  Object.assign(waiting.times, { head: 0, answer: t0, active: t0 });
  assert.equal(expiredReason(waiting, t0 + settings.idleTimeoutMs + 1, settings), null);
  assert.equal(expiredReason(waiting, t0 + settings.answerTimeoutMs + 1, settings), "no answer");
  waiting.answers.feed(encoder.encode("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"), 38);
  assert.equal(expiredReason(waiting, t0 + settings.idleTimeoutMs + 1, settings), "idle");

  // A body: stalled, or under the minimum rate once the grace is over.
  const body = relay();
  body.requests.feed(encoder.encode("POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n"));
  Object.assign(body.times, { head: 0, body: t0, window: t0, windowBytes: 0, bodyByte: t0 });
  const graceLonger = { ...settings, bodyGraceMs: 1.5 * settings.bodyRateWindowMs };
  assert.equal(expiredReason(body, t0 + settings.bodyRateWindowMs + 1, graceLonger), null); // in the grace
  body.times.windowBytes = settings.minBodyBytesPerWindow - 1;
  body.times.bodyByte = t0 + 2 * settings.bodyRateWindowMs - 1;
  assert.equal(expiredReason(body, t0 + 2 * settings.bodyRateWindowMs + 2, graceLonger), "slow body");
  body.times.bodyByte = t0;
  assert.equal(expiredReason(body, t0 + settings.bodyTimeoutMs + 1, settings), "stalled body");

  const socket = relay();
  socket.tunnelSince = socket.times.tunnelData = t0;
  assert.equal(expiredReason(socket, t0 + settings.webSocketIdleMs + 1, settings), "websocket idle");
  socket.times.tunnelData = t0 + settings.webSocketLifetimeMs;
  assert.equal(expiredReason(socket, t0 + settings.webSocketLifetimeMs + 1, settings), "websocket lifetime");
});

Deno.test("eviction: the idle quiet the longest first, then the busy moving bytes the slowest", () => {
  const [idleOld, idleNew, busySlow, busyFast] = [relay(), relay(), relay(), relay()];
  const now = idleOld.accepted + 60_000;
  idleOld.times.active = now - 50_000;
  idleNew.times.active = now - 10;
  for (const busy of [busySlow, busyFast]) {
    busy.requests.feed(encoder.encode("POST / HTTP/1.1\r\nContent-Length: 100000\r\n\r\n"));
    busy.answers.expect("POST");
  }
  busySlow.bytes = 100;
  busyFast.bytes = 10_000_000;
  const order = [busyFast, idleNew, busySlow, idleOld].sort((a, b) => evictionRank(a, now) - evictionRank(b, now));
  assert.deepEqual(order, [idleOld, idleNew, busySlow, busyFast]);
});

Deno.test("fair cap: the address furthest over its share gives up a connection; within shares only what loses nothing", () => {
  const now = performance.now() + 60_000;
  /** A relay with a request in flight (`busy`), kept alive between requests (`kept`), or with half a head (`head`). */
  const make = (kind: "busy" | "kept" | "head", active = now - 1_000) => {
    const r = relay();
    r.times.active = active;
    if (kind === "busy") {
      r.requests.feed(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\n\r\n"));
      r.answers.expect("GET");
      r.upstream = {} as Deno.TcpConn;
    } else if (kind === "kept") {
      r.upstream = {} as Deno.TcpConn;
    } else {
      r.requests.feed(encoder.encode(`GET / HTTP/1.1\r\nX: ${"a".repeat(97_000)}`));
    }
    return r;
  };
  // One address holds 6 of a cap of 8 with half heads; a prober holds 2 requests in flight.
  const flood = Array.from({ length: 6 }, (_, i) => make("head", now - 100 * i));
  const prober = [make("busy"), make("busy")];
  const byAddress = new Map([["10.0.0.1", new Set(flood)], ["10.0.0.2", new Set(prober)]]);
  // Share 8 / 2 = 4: the flood is over it, its quietest half head goes, whoever comes.
  assert.equal(fairEvictionCandidate(byAddress, "10.0.0.2", 8, now), flood[5]);
  assert.equal(fairEvictionCandidate(byAddress, "10.0.0.1", 8, now), flood[5]);
  assert.equal(fairEvictionCandidate(byAddress, "10.0.0.3", 8, now), flood[5]);
  // Every address within its share (4 each of 12, the newcomer's counted): requests in flight and half heads stay;
  // the newcomer is refused.
  const even = new Map([["10.0.0.1", new Set(flood.slice(0, 4))], ["10.0.0.2", new Set([...prober, make("busy")])]]);
  assert.equal(fairEvictionCandidate(even, "10.0.0.3", 12, now), undefined);
  // ...unless a connection kept alive between requests may go: it loses nothing.
  const kept = make("kept", now - 5_000);
  even.get("10.0.0.2")!.add(kept);
  assert.ok(losesNothing(kept) && !losesNothing(prober[0]) && !losesNothing(flood[0]));
  assert.equal(fairEvictionCandidate(even, "10.0.0.3", 15, now), kept);
  // A busy address over its share loses its slowest request (the newcomer's own address included).
  const busy = Array.from({ length: 5 }, () => make("busy"));
  busy.forEach((r, i) => r.bytes = 1_000 * (i + 1));
  const one = new Map([["10.0.0.4", new Set(busy)]]);
  assert.equal(fairEvictionCandidate(one, "10.0.0.4", 5, now), busy[0]);
});
