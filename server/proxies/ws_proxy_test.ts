/**
 * The WebSocket relay (`server/proxies/ws_proxy.ts`) between a real client
 * and a real loopback upstream: messages both ways, refusals (4403), and the
 * per-socket message rate (4429) with what reached the upstream counted.
 */
import assert from "node:assert/strict";
import {
  CLOSE_TOO_MANY_MESSAGES,
  DEFAULT_MESSAGE_RATE,
  proxyWebSocket,
  type WebSocketProxyOptions,
} from "./ws_proxy.ts";

/** An upstream that echoes each message and counts what it received. */
function startUpstream() {
  const received: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const { socket, response } = Deno.upgradeWebSocket(request);
    socket.onmessage = (event) => {
      received.push(String(event.data));
      if (socket.readyState === WebSocket.OPEN) socket.send(`echo ${event.data}`);
    };
    return response;
  });
  return { url: `ws://127.0.0.1:${server.addr.port}`, received, close: () => server.shutdown() };
}

async function withRelay(options: WebSocketProxyOptions, fn: (url: string, received: string[]) => Promise<void>) {
  const upstream = startUpstream();
  const relay = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    (request) => proxyWebSocket(request, upstream.url, options),
  );
  try {
    await fn(`ws://127.0.0.1:${relay.addr.port}`, upstream.received);
  } finally {
    await relay.shutdown();
    await upstream.close();
  }
}

/** Opens a client socket; resolves once open, with its messages and its close event. */
async function connect(url: string) {
  const socket = new WebSocket(url);
  const messages: string[] = [];
  const closed = Promise.withResolvers<CloseEvent>();
  socket.onmessage = (event) => messages.push(String(event.data));
  socket.onclose = (event) => closed.resolve(event);
  await new Promise<void>((resolve, reject) => {
    socket.onopen = () => resolve();
    socket.onerror = () => reject(new Error("the relay refused the socket"));
  });
  return { socket, messages, closed: closed.promise };
}

async function until(condition: () => boolean, ms = 5_000) {
  const end = Date.now() + ms;
  while (!condition()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

Deno.test("messages are relayed both ways", async () => {
  await withRelay({}, async (url, received) => {
    const client = await connect(url);
    for (let i = 0; i < 5; i++) client.socket.send(`m${i}`);
    await until(() => client.messages.length === 5);
    assert.deepEqual(received, ["m0", "m1", "m2", "m3", "m4"]);
    assert.deepEqual(client.messages, ["echo m0", "echo m1", "echo m2", "echo m3", "echo m4"]);
    client.socket.close(1000);
    await client.closed;
  });
});

Deno.test("a refused message closes the socket with 4403 and is not relayed", async () => {
  await withRelay({ accept: (data) => data !== "bad" }, async (url, received) => {
    const client = await connect(url);
    client.socket.send("good");
    await until(() => client.messages.length === 1);
    client.socket.send("bad");
    assert.equal((await client.closed).code, 4403);
    assert.deepEqual(received, ["good"]);
  });
});

Deno.test("one message over the burst closes the socket with 4429; it is not relayed", async () => {
  await withRelay({}, async (url, received) => {
    const client = await connect(url);
    client.socket.send("m0");
    await until(() => client.messages.length === 1); // the upstream is open: nothing waits in the relay
    for (let i = 1; i <= DEFAULT_MESSAGE_RATE.burst; i++) client.socket.send(`m${i}`);
    const event = await client.closed;
    assert.equal(event.code, CLOSE_TOO_MANY_MESSAGES);
    assert.equal(event.reason, "Too many messages");
    await new Promise((resolve) => setTimeout(resolve, 100));
    assert.deepEqual(received, Array.from({ length: DEFAULT_MESSAGE_RATE.burst }, (_, i) => `m${i}`));
  });
});

Deno.test("a client flooding 100,000 messages is cut off; about its burst reaches the upstream", async () => {
  await withRelay({}, async (url, received) => {
    const client = await connect(url);
    const other = await connect(url);
    client.socket.send("flood start");
    await until(() => client.messages.length === 1);
    const started = performance.now();
    let sent = 0;
    for (; sent < 100_000 && client.socket.readyState === WebSocket.OPEN; sent++) {
      client.socket.send(`flood ${sent}`);
      if (sent % 1000 === 999) await new Promise((resolve) => setTimeout(resolve, 0));
    }
    // A client that keeps sending after the close frame is dropped without a clean close (the WebSocket
    // implementation refuses data after close): it sees 4429 or an abnormal closure, never a live socket.
    const event = await client.closed;
    const seconds = (performance.now() - started) / 1000;
    assert.ok([CLOSE_TOO_MANY_MESSAGES, 0, 1006].includes(event.code), `closed with ${event.code}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const relayed = received.filter((m) => m.startsWith("flood")).length;
    const allowed = DEFAULT_MESSAGE_RATE.burst + Math.ceil(seconds * DEFAULT_MESSAGE_RATE.ratePerSecond);
    assert.ok(relayed >= DEFAULT_MESSAGE_RATE.burst, `only ${relayed} relayed`);
    assert.ok(relayed <= allowed, `${relayed} of ${sent} relayed in ${seconds.toFixed(2)} s, at most ${allowed}`);
    // The other socket has its own bucket.
    other.socket.send("hello");
    await until(() => other.messages.includes("echo hello"));
    other.socket.close(1000);
    await other.closed;
  });
});

Deno.test("a client within its rate keeps its socket; messageRate null turns the limit off", async () => {
  await withRelay({ messageRate: { ratePerSecond: 40, burst: 4 } }, async (url, received) => {
    const client = await connect(url);
    for (let i = 0; i < 12; i++) {
      client.socket.send(`slow ${i}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await until(() => client.messages.length === 12);
    assert.equal(received.length, 12);
    assert.equal(client.socket.readyState, WebSocket.OPEN);
    client.socket.close(1000);
    await client.closed;
  });
  await withRelay({ messageRate: null }, async (url, received) => {
    const client = await connect(url);
    for (let i = 0; i < 500; i++) client.socket.send(`m${i}`);
    await until(() => client.messages.length === 500);
    assert.equal(received.length, 500);
    client.socket.close(1000);
    await client.closed;
  });
});
