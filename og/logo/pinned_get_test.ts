import assert from "node:assert/strict";
import { LogoRefusedError } from "./net_guard.ts";
import { pinnedGet, type PinnedGetOptions } from "./pinned_get.ts";

const TLS = new URL("../testdata/tls/", import.meta.url);

/** A raw TCP server on loopback that answers every connection with `answer(requestHead)`. */
function rawServer(answer: (head: string, conn: Deno.Conn) => Promise<void>) {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const heads: string[] = [];
  const done = (async () => {
    for await (const conn of listener) {
      (async () => {
        const buffer = new Uint8Array(8192);
        let head = "";
        while (!head.includes("\r\n\r\n")) {
          const n = await conn.read(buffer).catch(() => null);
          if (n === null) break;
          head += new TextDecoder().decode(buffer.subarray(0, n));
        }
        heads.push(head);
        try {
          await answer(head, conn);
        } catch { /* the client went away */ }
        try {
          conn.close();
        } catch { /* closed */ }
      })();
    }
  })();
  return {
    port: (listener.addr as Deno.NetAddr).port,
    heads,
    async close() {
      listener.close();
      await done.catch(() => {});
    },
  };
}

const write = (conn: Deno.Conn, text: string | Uint8Array) =>
  conn.write(typeof text === "string" ? new TextEncoder().encode(text) : text);

function options(port: number, extra: Partial<PinnedGetOptions> = {}): PinnedGetOptions {
  return { connectTo: "127.0.0.1", port, signal: new AbortController().signal, maxBytes: 1000, ...extra };
}

Deno.test("pinnedGet reads Content-Length, chunked and read-to-close bodies, and sends Host as in the URL", async () => {
  const server = rawServer(async (head, conn) => {
    const path = head.split(" ")[1].split("?")[0];
    if (path === "/length") await write(conn, "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
    if (path === "/chunked") {
      await write(
        conn,
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nhel\r\n2\r\nlo\r\n0\r\nX-Trailer: 1\r\n\r\n",
      );
    }
    if (path === "/close") await write(conn, "HTTP/1.0 200 OK\r\n\r\nhello");
    if (path === "/continue") {
      await write(conn, "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello");
    }
    if (path === "/redirect") {
      await write(conn, "HTTP/1.1 302 Found\r\nLocation: /length\r\nContent-Length: 999999\r\n\r\n");
    }
  });
  try {
    for (const path of ["/length", "/chunked", "/close", "/continue"]) {
      const response = await pinnedGet(new URL(`http://logo.example:${server.port}${path}?q=1`), options(server.port));
      assert.equal(response.status, 200, path);
      assert.equal(new TextDecoder().decode(response.body), "hello", path);
    }
    const redirect = await pinnedGet(new URL(`http://logo.example:${server.port}/redirect`), options(server.port));
    assert.equal(redirect.status, 302);
    assert.equal(redirect.headers.get("location"), "/length");
    assert.equal(redirect.body.length, 0);
    const head = server.heads[0];
    assert.match(head, /^GET \/length\?q=1 HTTP\/1\.1\r\n/);
    assert.match(head, new RegExp(`\r\nHost: logo\\.example:${server.port}\r\n`));
    assert.match(head, /\r\nAccept-Encoding: identity\r\n/);
    assert.match(head, /\r\nConnection: close\r\n/);
  } finally {
    await server.close();
  }
});

Deno.test("pinnedGet refuses answers that break a limit", async () => {
  const big = "x".repeat(2000);
  const server = rawServer(async (head, conn) => {
    const path = head.split(" ")[1];
    const answers: Record<string, string> = {
      "/declared": "HTTP/1.1 200 OK\r\nContent-Length: 5000\r\n\r\n",
      "/streamed": `HTTP/1.1 200 OK\r\n\r\n${big}`,
      "/chunked":
        `HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n${"200\r\n" + "y".repeat(512) + "\r\n"}`.repeat(1) +
        `${"200\r\n" + "y".repeat(512) + "\r\n"}0\r\n\r\n`,
      "/gzip": "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nContent-Length: 3\r\n\r\nabc",
      "/te": "HTTP/1.1 200 OK\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n",
      "/headers": `HTTP/1.1 200 OK\r\n${"X-Pad: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa\r\n".repeat(1000)}\r\n`,
      "/status": "SSH-2.0-OpenSSH\r\n\r\n",
      "/short": "HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc",
      "/chunk-size": "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffff\r\n",
      "/informational": "HTTP/1.1 103 Early Hints\r\n\r\n".repeat(10),
    };
    await write(conn, answers[path] ?? "HTTP/1.1 404 Not Found\r\n\r\n");
  });
  try {
    const expected: Record<string, RegExp> = {
      "/declared": /5000 bytes is over 1000/,
      "/streamed": /body is over 1000 bytes/,
      "/chunked": /body is over 1000 bytes/,
      "/gzip": /compressed answer/,
      "/te": /transfer encoding/,
      "/headers": /over 16384 bytes/,
      "/status": /not HTTP/,
      "/short": /ended before its Content-Length/,
      "/chunk-size": /malformed chunk size/,
      "/informational": /too many 1xx/,
    };
    for (const [path, pattern] of Object.entries(expected)) {
      await assert.rejects(
        pinnedGet(new URL(`http://logo.example:${server.port}${path}`), options(server.port)),
        (error: unknown) => {
          assert.ok(error instanceof LogoRefusedError, `${path}: ${error}`);
          assert.match(error.message, pattern, path);
          return true;
        },
      );
    }
  } finally {
    await server.close();
  }
});

Deno.test("pinnedGet: the signal closes a connection that never answers", async () => {
  const reached = Promise.withResolvers<void>();
  const closed = Promise.withResolvers<void>();
  const server = rawServer(async (_head, conn) => {
    reached.resolve();
    // Read until the client closes its side.
    while ((await conn.read(new Uint8Array(16)).catch(() => null)) !== null) { /* wait */ }
    closed.resolve();
  });
  try {
    const controller = new AbortController();
    const pending = pinnedGet(new URL(`http://logo.example:${server.port}/hang`), {
      ...options(server.port),
      signal: controller.signal,
    });
    // Abort once the request has reached the server.
    await reached.promise;
    controller.abort(new Error("deadline"));
    await assert.rejects(pending, /deadline/);
    await closed.promise;
  } finally {
    await server.close();
  }
});

Deno.test("pinnedGet speaks TLS to the pinned address with SNI and certificate checks for the URL's name", async () => {
  const [ca, cert, key] = await Promise.all(
    ["ca.pem", "logo.test.pem", "logo.test.key"].map((name) => Deno.readTextFile(new URL(name, TLS))),
  );
  const hosts: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, cert, key, onListen() {} }, (request) => {
    hosts.push(request.headers.get("host") ?? "");
    return new Response("logo bytes", { headers: { "content-length": "10" } });
  });
  const port = server.addr.port;
  try {
    const ok = await pinnedGet(new URL(`https://logo.test:${port}/a.png`), options(port, { caCerts: [ca] }));
    assert.equal(ok.status, 200);
    assert.equal(new TextDecoder().decode(ok.body), "logo bytes");
    assert.deepEqual(hosts, [`logo.test:${port}`]);
    // The certificate is for logo.test only: another name at the same address fails.
    await assert.rejects(
      pinnedGet(new URL(`https://other.test:${port}/a.png`), options(port, { caCerts: [ca] })),
      /not valid for name "other\.test"/,
    );
    // Without the test CA the chain is not trusted.
    await assert.rejects(
      pinnedGet(new URL(`https://logo.test:${port}/a.png`), options(port)),
      /UnknownIssuer|certificate/i,
    );
    assert.equal(hosts.length, 1);
  } finally {
    await server.shutdown();
  }
});
