/**
 * Slow and idle clients against the real server (`server/conn_guard/guard.ts` in
 * front of `Deno.serve`): 19,000 connections that send half a request line
 * and wait, and 1,100 of them against a process whose open-file limit is
 * 1,024 (accept fails with EMFILE). The service keeps answering (a cached
 * image within the bound), memory comes back, the process lives. Also: no
 * request log line is lost when SIGTERM stops the server.
 */
import assert from "node:assert/strict";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer, type TestServer } from "./server_harness.ts";
import { assertCachedImage, assertSurvived, isPngBytes, rssOf, warmImage } from "./fault_probes.ts";

const CACHED = `0x${"c2".repeat(20)}`;
const IMAGE = `/api/image/tokens/ethereum/${CACHED}`;
const HALF_REQUEST = new TextEncoder().encode("GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ");

async function gatewayAndServer(env: Record<string, string> = {}) {
  const gateway = await startFakeGateway({
    Token: (v) => ({
      data: {
        token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "TKN", name: "T", project: null },
      },
    }),
  });
  const server = await startServer({ GRAPHQL_URL: gateway.url, ...env });
  return { gateway, server };
}

/** Opens `count` connections that each send half a request head; keeps those that connected. */
async function openSlow(server: TestServer, count: number): Promise<Deno.TcpConn[]> {
  const { hostname, port } = new URL(server.url);
  const conns: Deno.TcpConn[] = [];
  for (let first = 0; first < count; first += 250) {
    const batch = await Promise.allSettled(
      Array.from({ length: Math.min(250, count - first) }, async () => {
        const conn = await Deno.connect({ hostname, port: Number(port) });
        conns.push(conn);
        await conn.write(HALF_REQUEST).catch(() => {});
      }),
    );
    for (const result of batch) {
      if (result.status === "rejected" && !(result.reason instanceof Deno.errors.ConnectionRefused)) {
        // The listen queue may overflow under the flood: a refused connection is the server's right.
        if (!(result.reason instanceof Deno.errors.ConnectionReset)) throw result.reason;
      }
    }
  }
  return conns;
}

function closeAll(conns: Deno.TcpConn[]): void {
  for (const conn of conns) {
    try {
      conn.close();
    } catch { /* closed by the server */ }
  }
}

Deno.test("faults: 19,000 slow connections leave the service answering and alive", async () => {
  const { gateway, server } = await gatewayAndServer();
  let conns: Deno.TcpConn[] = [];
  try {
    await warmImage(server, IMAGE);
    const rssBefore = await rssOf(server.pid);
    conns = await openSlow(server, 19_000);
    assert.ok(conns.length > 15_000, `only ${conns.length} connections were opened`);
    // While all of them hang on: a cached image and a page are answered.
    await assertCachedImage(server, IMAGE, "19,000 slow connections");
    const page = await fetch(`${server.url}/`);
    assert.equal(page.status, 200);
    await page.body?.cancel();
    closeAll(conns);
    await assertSurvived(server, rssBefore, "19,000 slow connections");
  } finally {
    closeAll(conns);
    await server.stop();
    await gateway.close();
  }
});

Deno.test("faults: accept failing with EMFILE (open-file limit 1,024) is logged and survived", async () => {
  const { gateway, server } = await gatewayAndServer();
  let conns: Deno.TcpConn[] = [];
  try {
    await warmImage(server, IMAGE);
    const rssBefore = await rssOf(server.pid);
    const limited = await new Deno.Command("prlimit", {
      args: [`--pid=${server.pid}`, "--nofile=1024:1024"],
    }).output();
    assert.ok(limited.success, new TextDecoder().decode(limited.stderr));
    conns = await openSlow(server, 1_100);
    await assertCachedImage(server, IMAGE, "EMFILE");
    closeAll(conns);
    await assertSurvived(server, rssBefore, "EMFILE");
    assert.ok(
      server.output.some((line) => line.includes("Cannot accept a connection")),
      "the accept errors were not logged",
    );
  } finally {
    closeAll(conns);
    await server.stop();
    await gateway.close();
  }
});

Deno.test("faults: SIGTERM loses no request log line", async () => {
  const { gateway, server } = await gatewayAndServer();
  try {
    const before = server.output.filter((line) => line.includes('"msg":"request"')).length;
    const count = 300;
    for (let first = 0; first < count; first += 50) {
      await Promise.all(Array.from({ length: 50 }, async (_, i) => {
        const response = await fetch(`${server.url}/favicon.svg?n=${first + i}`);
        await response.body?.cancel();
      }));
    }
    const status = await server.stop();
    assert.equal(status.code, 0);
    const lines = server.output.filter((line) => line.includes('"msg":"request"') && line.includes("/favicon.svg"));
    assert.equal(lines.length - before, count);
    for (const line of lines) assert.equal(JSON.parse(line).level, "info");
  } finally {
    await server.stop();
    await gateway.close();
  }
});

Deno.test("faults: SIGTERM lets in-flight renders finish behind the guard", async () => {
  const { gateway, server } = await gatewayAndServer({ GATEWAY_TIMEOUT_MS: "10000" });
  try {
    // The gateway holds every answer for a while: the renders are in flight when SIGTERM comes.
    gateway.mode = "slow";
    gateway.slowMs = 1_500;
    const addresses = Array.from({ length: 4 }, (_, i) => `0x${"d".repeat(39)}${i}`);
    const answers = addresses.map(async (address) => {
      const response = await fetch(`${server.url}/api/image/tokens/ethereum/${address}`);
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
    });
    while (gateway.total() < addresses.length) await new Promise((resolve) => setTimeout(resolve, 10));
    const stopped = server.stop();
    for (const { status, bytes } of await Promise.all(answers)) {
      assert.equal(status, 200);
      assert.ok(isPngBytes(bytes), "an in-flight render was cut");
    }
    assert.equal((await stopped).code, 0);
  } finally {
    await server.stop();
    await gateway.close();
  }
});
