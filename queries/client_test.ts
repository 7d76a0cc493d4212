import assert from "node:assert/strict";
import { createGatewayClient, GatewayError, getBrowserClient, runQuery } from "./client.ts";
import { graphql } from "./graphql.ts";

const StaleQuery = graphql(`
  query IsStaleProbe($chain: Chain!) {
    isV3SubgraphStale(chain: $chain)
  }
`);

const TokenProbe = graphql(`
  query TokenProbe($chain: Chain!, $address: String) {
    token(chain: $chain, address: $address) {
      id
      symbol
      name
    }
  }
`);

interface Seen {
  method: string;
  contentType: string | null;
  body: Record<string, unknown>;
}

/** A loopback server whose path picks the answer. */
function startServer() {
  const seen: Seen[] = [];
  // `/slow` answers only when released: after the client has given up on it.
  const slow = Promise.withResolvers<void>();
  const server = Deno.serve(
    { hostname: "127.0.0.1", port: 0, onListen() {} },
    async (request) => {
      const path = new URL(request.url).pathname;
      const text = await request.text();
      seen.push({
        method: request.method,
        contentType: request.headers.get("content-type"),
        body: text ? JSON.parse(text) : {},
      });
      switch (path) {
        case "/ok":
          return Response.json({
            data: { isV3SubgraphStale: false },
          });
        case "/partial":
          return Response.json({
            data: { token: null, isV3SubgraphStale: true },
            errors: [{ message: "token resolver failed", path: ["token"] }],
          });
        case "/errors-only":
          return Response.json({
            data: null,
            errors: [{ message: 'Variable "$chain" got invalid value' }],
          });
        case "/slow":
          await slow.promise;
          return Response.json({ data: { isV3SubgraphStale: false } });
        case "/500":
          return new Response("upstream exploded", { status: 500 });
        case "/text":
          return new Response("<html>maintenance</html>", {
            headers: { "content-type": "text/html" },
          });
        default:
          return new Response("not found", { status: 404 });
      }
    },
  );
  const base = `http://127.0.0.1:${server.addr.port}`;
  return { server, base, seen, releaseSlow: () => slow.resolve() };
}

/** Counts unhandled rejections while `fn` runs. */
async function withRejectionWatch(fn: () => Promise<void>): Promise<number> {
  let count = 0;
  const onRejection = (event: PromiseRejectionEvent) => {
    count++;
    event.preventDefault();
  };
  globalThis.addEventListener("unhandledrejection", onRejection);
  try {
    await fn();
    // let any stray rejection surface
    await new Promise((resolve) => setTimeout(resolve, 20));
  } finally {
    globalThis.removeEventListener("unhandledrejection", onRejection);
  }
  return count;
}

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GatewayError, String(error));
    return error;
  }
  assert.fail("expected a rejection");
}

Deno.test("client POSTs {operationName, variables, query} as JSON", async () => {
  const { server, base, seen } = startServer();
  try {
    const client = createGatewayClient({ url: `${base}/ok` });
    const result = await runQuery(client, StaleQuery, { chain: "ETHEREUM" });
    assert.deepEqual(result, {
      data: { isV3SubgraphStale: false },
      errors: [],
    });
    assert.equal(seen.length, 1);
    assert.equal(seen[0].method, "POST");
    assert.match(seen[0].contentType ?? "", /^application\/json/);
    assert.equal(seen[0].body.operationName, "IsStaleProbe");
    assert.deepEqual(seen[0].body.variables, { chain: "ETHEREUM" });
    assert.match(
      String(seen[0].body.query),
      /query IsStaleProbe\(\$chain: Chain!\)/,
    );
    // cache-first: the same query again is answered from the client cache
    await runQuery(client, StaleQuery, { chain: "ETHEREUM" });
    assert.equal(seen.length, 1);
    // a fresh client (one per request on the server) shares nothing
    await runQuery(createGatewayClient({ url: `${base}/ok` }), StaleQuery, {
      chain: "ETHEREUM",
    });
    assert.equal(seen.length, 2);
  } finally {
    await server.shutdown();
  }
});

Deno.test("runQuery resolves partial data with the GraphQL errors", async () => {
  const { server, base } = startServer();
  try {
    const client = createGatewayClient({ url: `${base}/partial` });
    const result = await runQuery(client, TokenProbe, {
      chain: "BASE",
      address: null,
    });
    assert.deepEqual(result.data, {
      token: null,
      isV3SubgraphStale: true,
    });
    assert.equal(result.errors.length, 1);
    assert.equal(result.errors[0].message, "token resolver failed");
    assert.deepEqual(result.errors[0].path, ["token"]);
  } finally {
    await server.shutdown();
  }
});

Deno.test("failures reject with typed GatewayErrors, none unhandled", async () => {
  const { server, base, releaseSlow } = startServer();
  // a port nobody listens on
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const freePort = (listener.addr as Deno.NetAddr).port;
  listener.close();
  try {
    const unhandled = await withRejectionWatch(async () => {
      const run = (path: string, timeoutMs?: number) =>
        runQuery(
          createGatewayClient({ url: `${base}${path}`, timeoutMs }),
          StaleQuery,
          { chain: "ETHEREUM" },
        );

      const timeout = await rejection(run("/slow", 100));
      releaseSlow();
      assert.equal(timeout.kind, "timeout");
      assert.match(timeout.message, /did not answer within 100 ms/);

      const http = await rejection(run("/500"));
      assert.equal(http.kind, "http");
      assert.equal(http.status, 500);
      assert.match(http.message, /HTTP 500.*upstream exploded/);

      const notFound = await rejection(run("/missing"));
      assert.equal(notFound.kind, "http");
      assert.equal(notFound.status, 404);

      const parse = await rejection(run("/text"));
      assert.equal(parse.kind, "parse");
      assert.equal(parse.status, 200);
      assert.match(parse.message, /expected JSON/);

      const onlyErrors = await rejection(run("/errors-only"));
      assert.equal(onlyErrors.kind, "graphql");
      assert.equal(onlyErrors.errors.length, 1);
      assert.match(onlyErrors.message, /got invalid value/);

      const refused = await rejection(
        runQuery(
          createGatewayClient({ url: `http://127.0.0.1:${freePort}/graphql` }),
          StaleQuery,
          { chain: "ETHEREUM" },
        ),
      );
      assert.equal(refused.kind, "network");
      assert.equal(refused.status, undefined);
      assert.match(refused.message, /Cannot reach gateway/);
    });
    assert.equal(unhandled, 0);
  } finally {
    releaseSlow();
    await server.shutdown();
  }
});

Deno.test("createGatewayClient uses the given fetch", async () => {
  const calls: string[] = [];
  const fakeGatewayFetch: typeof fetch = (input, init) => {
    calls.push(`${init?.method} ${input}`);
    return Promise.resolve(
      Response.json({ data: { isV3SubgraphStale: true } }),
    );
  };
  const client = createGatewayClient({
    url: "http://gateway.invalid/graphql",
    fetch: fakeGatewayFetch,
  });
  const { data } = await runQuery(client, StaleQuery, { chain: "BASE" });
  assert.deepEqual(data, { isV3SubgraphStale: true });
  assert.deepEqual(calls, ["POST http://gateway.invalid/graphql"]);
});

Deno.test("getBrowserClient shares one client per URL", () => {
  const a = getBrowserClient("/graphql");
  assert.equal(getBrowserClient("/graphql"), a);
  assert.notEqual(getBrowserClient("/other"), a);
});
