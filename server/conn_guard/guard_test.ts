import assert from "node:assert/strict";
import { type ConnectionGuardOptions, defaultMaxConnections, startConnectionGuard } from "./guard.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** An internal server and a guard in front of it; `seen` records the client each request came from. */
async function withGuard(
  options: Partial<ConnectionGuardOptions>,
  fn: (base: { port: number; seen: string[] }) => Promise<void>,
) {
  const seen: string[] = [];
  let guardRef: Awaited<ReturnType<typeof startConnectionGuard>> | null = null;
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request, info) => {
    const client = guardRef?.clientOf(info.remoteAddr.port);
    seen.push(client ? `${client.hostname}:${client.port}` : "unknown");
    const url = new URL(request.url);
    if (request.headers.get("upgrade") === "websocket") {
      const { socket, response } = Deno.upgradeWebSocket(request);
      socket.onmessage = (event) => socket.send(`echo ${event.data}`);
      return response;
    }
    if (url.pathname === "/echo") return new Response(await request.text());
    if (url.pathname === "/stream") {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode("part one,"));
          controller.enqueue(encoder.encode("part two"));
          controller.close();
        },
      });
      return new Response(body);
    }
    return new Response(`hello ${url.pathname}`);
  });
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
    ...options,
  });
  guardRef = guard;
  try {
    await fn({ port: guard.addr.port, seen });
  } finally {
    await guard.close(1_000);
    await inner.shutdown();
  }
}

/** Reads from `conn` until it is closed by the other side; returns everything read. */
async function readUntilClosed(conn: Deno.Conn): Promise<string> {
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
  return text;
}

/** Reads until `text` contains `marker`. */
async function readUntil(conn: Deno.Conn, marker: string): Promise<string> {
  const buffer = new Uint8Array(64 * 1024);
  let text = "";
  while (!text.includes(marker)) {
    const n = await conn.read(buffer);
    if (n === null) throw new Error(`closed before ${JSON.stringify(marker)}; got ${JSON.stringify(text)}`);
    text += decoder.decode(buffer.subarray(0, n));
  }
  return text;
}

Deno.test("the guard relays keep-alive requests, HEAD, streamed answers and bodies, and tells who the client is", async () => {
  await withGuard({}, async ({ port, seen }) => {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`http://127.0.0.1:${port}/a${i}`);
      assert.equal(await response.text(), `hello /a${i}`);
    }
    const head = await fetch(`http://127.0.0.1:${port}/h`, { method: "HEAD" });
    assert.equal(head.status, 200);
    await head.body?.cancel();
    assert.equal(await (await fetch(`http://127.0.0.1:${port}/stream`)).text(), "part one,part two");
    const big = "z".repeat(200_000);
    const posted = await fetch(`http://127.0.0.1:${port}/echo`, { method: "POST", body: big });
    assert.equal(await posted.text(), big);
    const chunked = await fetch(`http://127.0.0.1:${port}/echo`, {
      method: "POST",
      body: new Blob(["one ", "two"]).stream(),
    });
    assert.equal(await chunked.text(), "one two");
    assert.ok(seen.length >= 7);
    assert.ok(seen.every((client) => client.startsWith("127.0.0.1:")), seen.join(" "));

    // Pipelined requests on one raw connection, the second a HEAD: both answered in order.
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode(
      "GET /p1 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /p2 HTTP/1.1\r\nHost: x\r\n\r\nGET /p3 HTTP/1.1\r\nHost: x\r\n\r\n",
    ));
    const text = await readUntil(conn, "hello /p3");
    assert.match(text, /hello \/p1[\s\S]*HTTP\/1.1 200[\s\S]*hello \/p3/);
    assert.ok(!text.includes("hello /p2"));
    conn.close();
  });
});

Deno.test("a head that is not complete within the header timeout is closed; others are served meanwhile", async () => {
  await withGuard({ headerTimeoutMs: 300 }, async ({ port }) => {
    const slow = await Deno.connect({ hostname: "127.0.0.1", port });
    await slow.write(encoder.encode("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: "));
    // Trickling bytes does not extend the head's deadline.
    const trickle = setInterval(() => slow.write(encoder.encode("a")).catch(() => {}), 50);
    const response = await fetch(`http://127.0.0.1:${port}/ok`);
    assert.equal(await response.text(), "hello /ok");
    assert.equal(await readUntilClosed(slow), "");
    clearInterval(trickle);
    slow.close();
  });
});

Deno.test("an idle keep-alive connection is closed after the idle timeout", async () => {
  await withGuard({ idleTimeoutMs: 200, headerTimeoutMs: 60_000 }, async ({ port }) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode("GET /k HTTP/1.1\r\nHost: x\r\n\r\n"));
    const text = await readUntilClosed(conn);
    assert.match(text, /^HTTP\/1.1 200/);
    assert.match(text, /hello \/k$/);
    conn.close();
  });
});

Deno.test("a stalled request body is closed after the body timeout", async () => {
  await withGuard({ bodyTimeoutMs: 200 }, async ({ port }) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode("POST /echo HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nabc"));
    assert.equal(await readUntilClosed(conn), "");
    conn.close();
  });
});

Deno.test("at the connection cap the oldest connection without a request in flight makes room", async () => {
  await withGuard({ maxConnections: 4, headerTimeoutMs: 60_000 }, async ({ port }) => {
    const slow: Deno.Conn[] = [];
    for (let i = 0; i < 4; i++) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port });
      await conn.write(encoder.encode("GET / HTTP/1.1\r\n"));
      slow.push(conn);
    }
    const response = await fetch(`http://127.0.0.1:${port}/room`);
    assert.equal(await response.text(), "hello /room");
    // The oldest slow one was closed for it.
    assert.equal(await readUntilClosed(slow[0]), "");
    for (const conn of slow) conn.close();
  });
});

Deno.test("a head over the limit is answered 431 and closed", async () => {
  await withGuard({ maxHeadBytes: 4096 }, async ({ port }) => {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode(`GET /${"a".repeat(8192)} HTTP/1.1\r\nHost: x\r\n\r\n`)).catch(() => {});
    const text = await readUntilClosed(conn);
    assert.match(text, /^HTTP\/1.1 431 /);
    conn.close();
  });
});

Deno.test("a WebSocket upgrade becomes a tunnel", async () => {
  await withGuard({ idleTimeoutMs: 100 }, async ({ port }) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`);
    const reply = Promise.withResolvers<string>();
    ws.onopen = () => ws.send("ping");
    ws.onmessage = (event) => reply.resolve(String(event.data));
    ws.onerror = () => reply.reject(new Error("WebSocket failed"));
    assert.equal(await reply.promise, "echo ping");
    const closed = Promise.withResolvers<void>();
    ws.onclose = () => closed.resolve();
    ws.close();
    await closed.promise;
  });
});

Deno.test("the default cap follows the open-file limit", async () => {
  const cap = await defaultMaxConnections();
  assert.ok(cap >= 32, `cap ${cap}`);
});

Deno.test("closing lets a response in flight finish, then closes its connection", async () => {
  const entered = Promise.withResolvers<void>();
  const release = Promise.withResolvers<void>();
  const big = "r".repeat(300_000);
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async () => {
    entered.resolve();
    await release.promise;
    return new Response(big);
  });
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
  });
  try {
    const answer = fetch(`http://127.0.0.1:${guard.addr.port}/slow`).then((r) => r.text());
    const idle = await Deno.connect({ hostname: "127.0.0.1", port: guard.addr.port });
    await entered.promise;
    const closing = guard.close(5_000);
    // An idle connection is closed at once; the one in flight is not.
    assert.equal(await readUntilClosed(idle), "");
    idle.close();
    release.resolve();
    assert.equal(await answer, big);
    await closing;
  } finally {
    release.resolve();
    await guard.close(1_000);
    await inner.shutdown();
  }
});

Deno.test("a refused upload gets its answer, not a reset: the guard drops what the client still sends", async () => {
  // An internal server that refuses every upload at once: it reads the head, answers 413 and closes without
  // reading the body, so writing the rest of the upload to it fails while its answer is still on the way.
  const inner = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  (async () => {
    for await (const conn of inner) {
      (async () => {
        const buffer = new Uint8Array(64 * 1024);
        let head = "";
        while (!head.includes("\r\n\r\n")) {
          const n = await conn.read(buffer);
          if (n === null) return;
          head += decoder.decode(buffer.subarray(0, n));
        }
        await conn.write(
          encoder.encode("HTTP/1.1 413 Payload Too Large\r\ncontent-length: 9\r\nconnection: close\r\n\r\ntoo large"),
        );
      })().catch(() => {}).finally(() => {
        try {
          conn.close();
        } catch { /* closed */ }
      });
    }
  })().catch(() => {});
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: (inner.addr as Deno.NetAddr).port },
  });
  try {
    const piece = encoder.encode(`${(64 * 1024).toString(16)}\r\n${" ".repeat(64 * 1024)}\r\n`);
    // Each round races the relay's close against the client's upload; a reset would lose the 413.
    for (let round = 0; round < 10; round++) {
      const conn = await Deno.connect({ hostname: "127.0.0.1", port: guard.addr.port });
      await conn.write(encoder.encode(
        "POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n",
      ));
      let answered = false;
      const reading = readUntilClosed(conn).finally(() => answered = true);
      let sent = 0;
      while (!answered && sent < 64 * 1024 * 1024) {
        try {
          await conn.write(piece);
        } catch {
          break;
        }
        sent += piece.length;
      }
      const text = await reading;
      conn.close();
      assert.match(text, /^HTTP\/1\.1 413/, `round ${round}: ${JSON.stringify(text.slice(0, 40))} after ${sent} bytes`);
    }
  } finally {
    await guard.close(1_000);
    inner.close();
  }
});
