import assert from "node:assert/strict";
import { evictionRank, expiredReason } from "./deadlines.ts";
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
