import assert from "node:assert/strict";
import { type ConnectionGuardOptions, startConnectionGuard } from "./guard.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An internal server (`/never` never answers, `/ws` upgrades, `/echo` reads the body) behind a guard. */
async function withGuard(options: Partial<ConnectionGuardOptions>, fn: (port: number) => Promise<void>) {
  const never = Promise.withResolvers<void>();
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/ws") {
      const { socket, response } = Deno.upgradeWebSocket(request);
      socket.onmessage = (event) => socket.send(`echo ${event.data}`);
      return response;
    }
    if (url.pathname === "/never") await never.promise;
    const body = await request.text().catch(() => "");
    return new Response(`${url.pathname} ${body.length}`);
  });
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
    ...options,
  });
  try {
    await fn(guard.addr.port);
  } finally {
    never.resolve();
    await guard.close(500);
    await inner.shutdown();
  }
}

/** Reads until the other side closes; the text read and how long it took. */
async function readUntilClosed(conn: Deno.Conn): Promise<{ text: string; ms: number }> {
  const started = performance.now();
  const buffer = new Uint8Array(64 * 1024);
  let text = "";
  try {
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += decoder.decode(buffer.subarray(0, n));
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.ConnectionReset)) throw error;
  }
  conn.close();
  return { text, ms: performance.now() - started };
}

async function send(port: number, text: string): Promise<Deno.TcpConn> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  await conn.write(encoder.encode(text));
  return conn;
}

Deno.test("empty lines before a request: one answer, then the connection is idle and closed", async () => {
  await withGuard({ idleTimeoutMs: 200, headerTimeoutMs: 60_000 }, async (port) => {
    const conn = await send(port, "\r\n\r\nGET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n");
    const { text, ms } = await readUntilClosed(conn);
    assert.equal(text.match(/HTTP\/1\.1 200/g)?.length, 1, text);
    assert.ok(ms < 2_000, `closed after ${ms} ms`);
  });
});

Deno.test("a Content-Length of 16 digits and a chunk size of 20 digits are answered 400 and closed", async () => {
  await withGuard({}, async (port) => {
    const long = await send(port, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 0000000000000005\r\n\r\nabcde");
    assert.match((await readUntilClosed(long)).text, /^HTTP\/1\.1 400 Bad Request\r\n[\s\S]*Content-Length over 15/);
    // The chunked head went on (it is valid); its body is refused: the guard answers for it.
    const chunk = await send(
      port,
      "GET /a HTTP/1.1\r\nHost: x\r\n\r\n" +
        "POST /echo HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n00000000000000000003\r\nabc\r\n0\r\n\r\n",
    );
    const { text } = await readUntilClosed(chunk);
    assert.match(text, /^HTTP\/1\.1 200 [\s\S]*\/a 0HTTP\/1\.1 400 Bad Request[\s\S]*chunk size over 16 hex digits/);
  });
});

Deno.test("a body trickling below the minimum rate is closed after the grace period", async () => {
  const options = { bodyGraceMs: 300, bodyRateWindowMs: 200, minBodyBytesPerWindow: 1024, bodyTimeoutMs: 60_000 };
  await withGuard(options, async (port) => {
    const slow = await send(port, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n");
    const trickle = setInterval(() => slow.write(encoder.encode("a")).catch(() => {}), 50);
    const closed = await readUntilClosed(slow);
    clearInterval(trickle);
    assert.equal(closed.text, "");
    assert.ok(closed.ms < 3_000, `closed after ${closed.ms} ms`);
    // A body at a fair rate is not touched: 8 KiB per 100 ms for a second.
    const fair = await send(port, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 81920\r\n\r\n");
    for (let i = 0; i < 10; i++) {
      await fair.write(encoder.encode("b".repeat(8192)));
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const buffer = new Uint8Array(1024);
    const n = await fair.read(buffer);
    assert.match(decoder.decode(buffer.subarray(0, n ?? 0)), /\/echo 81920$/);
    fair.close();
  });
});

Deno.test("a request the server never answers is closed at the answer deadline", async () => {
  await withGuard({ answerTimeoutMs: 300 }, async (port) => {
    const { text, ms } = await readUntilClosed(await send(port, "GET /never HTTP/1.1\r\nHost: x\r\n\r\n"));
    assert.equal(text, "");
    assert.ok(ms >= 250 && ms < 2_000, `closed after ${ms} ms`);
  });
});

/** A masked client frame (RFC 6455) of `opcode` with `payload`. */
function frame(opcode: number, payload: string): Uint8Array {
  const data = encoder.encode(payload);
  const out = new Uint8Array(6 + data.length);
  out[0] = 0x80 | opcode;
  out[1] = 0x80 | data.length;
  out.set([1, 2, 3, 4], 2);
  for (let i = 0; i < data.length; i++) out[6 + i] = data[i] ^ out[2 + (i % 4)];
  return out;
}

/** Opens a WebSocket over a raw connection; resolves after the 101. */
async function openSocket(port: number): Promise<Deno.TcpConn> {
  const conn = await send(
    port,
    "GET /ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n" +
      "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
  );
  const buffer = new Uint8Array(1024);
  const n = await conn.read(buffer);
  assert.match(decoder.decode(buffer.subarray(0, n ?? 0)), /^HTTP\/1\.1 101 /);
  return conn;
}

Deno.test("a WebSocket kept open by pings alone is closed when idle; data keeps it until its lifetime", async () => {
  await withGuard({ webSocketIdleMs: 400, webSocketLifetimeMs: 1_500 }, async (port) => {
    const pinged = await openSocket(port);
    const pings = setInterval(() => pinged.write(frame(0x9, "")).catch(() => {}), 100);
    const idle = await readUntilClosed(pinged);
    clearInterval(pings);
    assert.ok(idle.ms >= 300 && idle.ms < 1_400, `ping-only socket closed after ${idle.ms} ms`);

    const talking = await openSocket(port);
    const messages = setInterval(() => talking.write(frame(0x1, "hi")).catch(() => {}), 100);
    const life = await readUntilClosed(talking);
    clearInterval(messages);
    assert.ok(life.text.includes("echo hi"), "no echo came back");
    assert.ok(life.ms >= 1_000 && life.ms < 3_000, `talking socket closed after ${life.ms} ms`);
  });
});

Deno.test("at the cap with every connection busy, the slowest is evicted and the new client is served", async () => {
  await withGuard({ maxConnections: 3, bodyTimeoutMs: 60_000, bodyGraceMs: 60_000 }, async (port) => {
    const busy: Deno.TcpConn[] = [];
    for (let i = 0; i < 3; i++) {
      busy.push(
        await send(port, "POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100000\r\n\r\n" + "x".repeat(i * 500)),
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await fetch(`http://127.0.0.1:${port}/fresh`);
    assert.equal(await response.text(), "/fresh 0");
    // The one that had sent the least was closed for it.
    assert.equal((await readUntilClosed(busy[0])).text, "");
    for (const conn of busy.slice(1)) conn.close();
  });
});

Deno.test("an Upgrade request answered without 101 holds what follows, then goes on as HTTP", async () => {
  await withGuard({}, async (port) => {
    const conn = await send(
      port,
      "GET /a HTTP/1.1\r\nHost: x\r\nUpgrade: foo\r\nConnection: upgrade\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n",
    );
    const buffer = new Uint8Array(4096);
    let text = "";
    while (!text.includes("/b 0")) {
      const n = await conn.read(buffer);
      if (n === null) break;
      text += decoder.decode(buffer.subarray(0, n));
    }
    assert.match(text, /\/a 0[\s\S]*\/b 0$/);
    conn.close();
  });
});
