/**
 * The `/graphql` proxy of the real server under abuse: a 300 MB body (with
 * and without `Content-Length`), `text/plain`, an aliased 7.7 KB query,
 * introspection, variables past the product's bounds (a page of a million,
 * a 60 KB unknown variable), a flood from one client and a subscription
 * socket sending 100,000 messages (closed at its rate, 4429). Each is refused without
 * reaching the gateway, a cached image is served meanwhile, memory comes
 * back and the process lives; the product's own operations still pass.
 */
import assert from "node:assert/strict";
import { stringifyDocument } from "@urql/core";
import { TokenQuery } from "../queries/edge.ts";
import { OnAssetActivitySubscription } from "../queries/activity.ts";
import { V3TransactionsQuery } from "../queries/pools.ts";
import { TopTokensQuery } from "../queries/token.ts";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";
import { assertCachedImage, assertSurvived, rssOf, warmImage, within } from "./fault_probes.ts";

const CACHED = `0x${"c3".repeat(20)}`;
const IMAGE = `/api/image/tokens/ethereum/${CACHED}`;
const TOKEN_BODY = JSON.stringify({
  operationName: "Token",
  query: stringifyDocument(TokenQuery),
  variables: { chain: "ETHEREUM", address: CACHED },
});

/** Sends a POST head declaring `declared` bytes and writes up to that; returns the status and bytes written. */
async function postHuge(baseUrl: string, declared: number | null): Promise<{ status: number; written: number }> {
  const { hostname, port } = new URL(baseUrl);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  const framing = declared === null ? "Transfer-Encoding: chunked" : `Content-Length: ${declared}`;
  await conn.write(new TextEncoder().encode(
    `POST /graphql HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n${framing}\r\n\r\n`,
  ));
  const chunk = new Uint8Array(256 * 1024).fill(0x20);
  const piece = declared === null
    ? new Uint8Array([...new TextEncoder().encode(`${chunk.length.toString(16)}\r\n`), ...chunk, 13, 10])
    : chunk;
  let written = 0;
  let answered = false;
  const reading = (async () => {
    const buffer = new Uint8Array(4096);
    const n = await conn.read(buffer).catch(() => null);
    answered = true;
    return n === null ? "" : new TextDecoder().decode(buffer.subarray(0, n));
  })();
  const total = declared ?? 300 * 1024 * 1024;
  // Conn.write may take only part of a buffer (a busy machine, a full socket buffer): the rest is written before the
  // next piece, or the chunked framing would break and the guard would rightly answer 400.
  sending: while (!answered && written < total) {
    for (let offset = 0; offset < piece.length;) {
      try {
        offset += await conn.write(piece.subarray(offset));
      } catch {
        break sending; // the server closed the connection: it will not read the rest
      }
    }
    written += chunk.length;
  }
  const head = await reading;
  try {
    conn.close();
  } catch { /* closed */ }
  return { status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), written };
}

/** A graphql-transport-ws upstream that acknowledges connections and keeps every client message it receives. */
function startSubscriptionUpstream() {
  const received: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    const { socket, response } = Deno.upgradeWebSocket(request, { protocol: "graphql-transport-ws" });
    socket.onmessage = (event) => {
      const text = String(event.data);
      received.push(text);
      if (text.includes('"connection_init"') && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "connection_ack" }));
      }
    };
    return response;
  });
  return { url: `ws://127.0.0.1:${server.addr.port}/graphql`, received, close: () => server.shutdown() };
}

/** Opens a subscription socket through the service and waits for the gateway's connection_ack. */
async function openSubscriptionSocket(url: string) {
  const socket = new WebSocket(url, "graphql-transport-ws");
  const closed = Promise.withResolvers<CloseEvent>();
  const acked = Promise.withResolvers<void>();
  socket.onclose = (event) => {
    closed.resolve(event);
    acked.reject(new Error(`closed with ${event.code} before connection_ack`));
  };
  socket.onmessage = (event) => {
    if (String(event.data).includes("connection_ack")) acked.resolve();
  };
  socket.onopen = () => socket.send(JSON.stringify({ type: "connection_init" }));
  await within(5_000, "connection_ack", acked.promise);
  return { socket, closed: closed.promise };
}

function post(baseUrl: string, body: string, type = "application/json") {
  return fetch(`${baseUrl}/graphql`, { method: "POST", headers: { "content-type": type }, body });
}

Deno.test("faults: /graphql refuses huge bodies, other operations and floods, and stays a proxy of our own", async (t) => {
  const gateway = await startFakeGateway({
    Token: (v) => ({
      data: {
        token: { id: "t", chain: "ETHEREUM", address: String(v.address), symbol: "TKN", name: "T", project: null },
      },
    }),
  });
  const subscriptions = startSubscriptionUpstream();
  const server = await startServer({ GRAPHQL_URL: gateway.url, GRAPHQL_WS_URL: subscriptions.url });
  try {
    await warmImage(server, IMAGE);
    const rssBefore = await rssOf(server.pid);
    const calls = () => gateway.total();

    await t.step("the product's own operation passes", async () => {
      const response = await post(server.url, TOKEN_BODY);
      assert.equal(response.status, 200);
      assert.equal((await response.json()).data.token.symbol, "TKN");
    });

    await t.step("a 300 MB body is refused long before it is read", async () => {
      const before = calls();
      for (const declared of [300 * 1024 * 1024, null]) {
        const [{ status, written }] = await Promise.all([
          within(30_000, "300 MB POST", postHuge(server.url, declared)),
          assertCachedImage(server, IMAGE, "300 MB POST"),
        ]);
        assert.equal(status, 413, `declared ${declared}`);
        assert.ok(written < 64 * 1024 * 1024, `${written} bytes were sent before the answer`);
      }
      assert.equal(calls(), before);
    });

    await t.step("text/plain, introspection and an aliased 7.7 KB query never reach the gateway", async () => {
      const before = calls();
      const plain = await post(server.url, TOKEN_BODY, "text/plain");
      assert.equal(plain.status, 415);
      await plain.body?.cancel();
      const introspection = await post(
        server.url,
        JSON.stringify({ query: "query IntrospectionQuery { __schema { types { name fields { name } } } }" }),
      );
      assert.equal(introspection.status, 400);
      await introspection.body?.cancel();
      const aliases = Array.from({ length: 300 }, (_, i) => `a${i}: token(chain: ETHEREUM, address: "x") { id }`);
      const aliased = JSON.stringify({ operationName: "Token", query: `query Token { ${aliases.join(" ")} }` });
      assert.ok(aliased.length > 7_000);
      const refused = await post(server.url, aliased);
      assert.equal(refused.status, 400);
      assert.match((await refused.json()).errors[0].message, /own operations/);
      assert.equal(calls(), before);
    });

    await t.step("variables past the product's bounds are refused by name and never forwarded", async () => {
      const before = calls();
      const topTokens = stringifyDocument(TopTokensQuery);
      const transactions = stringifyDocument(V3TransactionsQuery);
      const cases: [string, string][] = [
        [
          `{"operationName":"TopTokens","query":${JSON.stringify(topTokens)},"variables":{"pageSize":1000000}}`,
          'Variable "pageSize" is 1000000: at most 100',
        ],
        [
          JSON.stringify({ query: transactions, variables: { chain: "ETHEREUM", first: 1_000_000_000 } }),
          'Variable "first" is 1000000000: at most 100',
        ],
        [
          JSON.stringify({ ...JSON.parse(TOKEN_BODY), variables: { chain: "ETHEREUM", junk: "x".repeat(60_000) } }),
          'Variable "junk" is not a variable of Token',
        ],
        [
          JSON.stringify({ ...JSON.parse(TOKEN_BODY), variables: { chain: "ETHEREUM", address: "0".repeat(5_000) } }),
          'Variable "address" is 5000 characters long: at most 200',
        ],
        [
          `{"operationName":"TopTokens","query":${JSON.stringify(topTokens)},"variables":{"page":1e999}}`,
          'Variable "page" is Infinity: expected a whole number',
        ],
      ];
      const [answers] = await Promise.all([
        Promise.all(cases.map(([body]) => post(server.url, body))),
        assertCachedImage(server, IMAGE, "out-of-bounds variables"),
      ]);
      for (const [i, response] of answers.entries()) {
        assert.equal(response.status, 400, cases[i][1]);
        assert.equal((await response.json()).errors[0].message, cases[i][1]);
      }
      assert.equal(calls(), before, "a refused variable reached the gateway");
      // The product's own operation still passes.
      const ok = await post(server.url, TOKEN_BODY);
      assert.equal(ok.status, 200);
      await ok.body?.cancel();
      assert.equal(calls(), before + 1);
    });

    await t.step("a flood from one client meets 429 with Retry-After", async () => {
      let limited: Response | null = null;
      for (let i = 0; i < 2_000 && limited === null; i += 20) {
        const responses = await Promise.all(Array.from({ length: 20 }, () => post(server.url, TOKEN_BODY)));
        for (const response of responses) {
          if (response.status === 429 && limited === null) limited = response;
          else await response.body?.cancel();
        }
      }
      assert.ok(limited, "no 429 after 2,000 calls");
      assert.ok(Number(limited.headers.get("retry-after")) >= 1);
      await limited.body?.cancel();
      await assertCachedImage(server, IMAGE, "flood");
    });

    await t.step("a subscription socket flooding 100,000 messages is cut off at its rate", async () => {
      const wsUrl = `${server.url.replace(/^http/, "ws")}/graphql`;
      const flooder = await openSubscriptionSocket(wsUrl);
      const other = await openSubscriptionSocket(wsUrl);
      const before = subscriptions.received.length;
      const started = performance.now();
      let sent = 0;
      const flood = (async () => {
        for (; sent < 100_000 && flooder.socket.readyState === WebSocket.OPEN; sent++) {
          flooder.socket.send(JSON.stringify({ type: "ping" }));
          if (sent % 1000 === 999) await new Promise((resolve) => setTimeout(resolve, 0));
        }
        return await flooder.closed;
      })();
      const [event] = await Promise.all([
        within(15_000, "subscription flood", flood),
        assertCachedImage(server, IMAGE, "subscription flood"),
      ]);
      const seconds = (performance.now() - started) / 1000;
      // 4429 when the close frame is read; a client still writing may see the connection dropped instead.
      assert.ok([4429, 0, 1006].includes(event.code), `the flooding socket closed with ${event.code}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
      const relayed = subscriptions.received.slice(before).filter((m) => m.includes('"ping"')).length;
      // Burst of 20 (one went to connection_init), 5 a second after it.
      const allowed = 20 + Math.ceil(seconds * 5);
      assert.ok(relayed <= allowed, `${relayed} of ${sent} pings reached the gateway in ${seconds.toFixed(2)} s`);
      console.log(
        `subscription flood: ${sent} sent, ${relayed} relayed, closed ${event.code} in ${seconds.toFixed(2)} s`,
      );
      // The other client's socket is still relayed: its subscription reaches the gateway.
      other.socket.send(JSON.stringify({
        id: "1",
        type: "subscribe",
        payload: {
          query: stringifyDocument(OnAssetActivitySubscription),
          variables: { subscriptionId: crypto.randomUUID(), account: CACHED },
        },
      }));
      await within(
        5_000,
        "the other subscription",
        (async () => {
          while (!subscriptions.received.some((m) => m.includes('"subscribe"'))) {
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        })(),
      );
      assert.equal(other.socket.readyState, WebSocket.OPEN);
      other.socket.close(1000);
      await other.closed;
    });

    await t.step("the process is alive, memory came back", () => assertSurvived(server, rssBefore, "/graphql abuse"));
  } finally {
    await server.stop();
    await gateway.close();
    await subscriptions.close();
  }
});
