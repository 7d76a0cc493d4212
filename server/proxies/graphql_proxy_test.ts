/**
 * The `/graphql` proxy (`server/proxies/graphql_proxy.ts`) against a real
 * loopback gateway: forwarding of the product's own operations only, method,
 * type, size and rate checks, and the 502/504 answers when the gateway fails.
 */
import assert from "node:assert/strict";
import { stringifyDocument } from "@urql/core";
import { createGraphqlProxy, MAX_BODY_BYTES, RATE_BURST } from "./graphql_proxy.ts";
import { TokenQuery } from "../../queries/edge.ts";
import { ALL_DOCUMENTS } from "../../queries/documents.ts";

type Handler = (request: Request) => Response | Promise<Response>;

const TOKEN = {
  operationName: "Token",
  query: stringifyDocument(TokenQuery),
  variables: { chain: "ETHEREUM", address: "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984" },
};
const TOKEN_BODY = JSON.stringify(TOKEN);

async function withGateway(handler: Handler, fn: (url: string) => Promise<void>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/graphql`);
  } finally {
    await server.shutdown();
  }
}

let clients = 0;

interface CallOptions {
  timeoutMs?: number;
  method?: string;
  type?: string;
  client?: string;
  headers?: Record<string, string>;
  body?: BodyInit;
}

/** One proxy per gateway URL and timeout, so the rate limit carries across calls as in the service. */
const proxies = new Map<string, (request: Request) => Promise<Response>>();

function call(url: string, body: string, options: CallOptions = {}) {
  const method = options.method ?? "POST";
  // A fresh client per call unless a test is about the rate limit.
  const client = options.client ?? `10.0.0.${++clients}`;
  const request = new Request("http://app.test/graphql", {
    method,
    headers: { "content-type": options.type ?? "application/json", "x-client": client, ...options.headers },
    body: method === "GET" ? undefined : options.body ?? body,
  });
  const timeoutMs = options.timeoutMs ?? 2000;
  const key = `${url} ${timeoutMs}`;
  let proxy = proxies.get(key);
  if (!proxy) {
    proxy = createGraphqlProxy({
      graphqlUrl: url,
      timeoutMs,
      maxBytes: 64 * 1024,
      clientAddress: (r) => r.headers.get("x-client") ?? "unknown",
    });
    proxies.set(key, proxy);
  }
  return proxy(request);
}

async function message(response: Response): Promise<string> {
  return (await response.json()).errors[0].message;
}

Deno.test("the proxy forwards the product's own operation and returns the gateway's JSON", async () => {
  let seen: unknown = null;
  await withGateway(async (request) => {
    seen = { method: request.method, type: request.headers.get("content-type"), body: await request.json() };
    return Response.json({ data: { token: null } });
  }, async (url) => {
    const response = await call(url, JSON.stringify({ ...TOKEN, extensions: { persistedQuery: { sha256: "x" } } }));
    assert.equal(response.status, 200);
    assert.equal(response.headers.get("content-type"), "application/json");
    assert.deepEqual(await response.json(), { data: { token: null } });
    // Only operationName, query and variables are forwarded.
    assert.deepEqual(seen, { method: "POST", type: "application/json", body: TOKEN });
  });
});

Deno.test("other operations, introspection, text/plain and non-JSON are refused before the gateway", async () => {
  let calls = 0;
  await withGateway(() => {
    calls++;
    return Response.json({ data: {} });
  }, async (url) => {
    const cases: [string, CallOptions, number, RegExp][] = [
      [JSON.stringify({ ...TOKEN, query: "query Token { __schema { types { name } } }" }), {}, 400, /Introspection/],
      [JSON.stringify({ ...TOKEN, query: TOKEN.query.replace("symbol", "a: symbol b: symbol") }), {}, 400, /own/],
      [JSON.stringify({ ...TOKEN, operationName: "Other" }), {}, 400, /own/],
      [JSON.stringify({ query: "{ a }" }), {}, 400, /operationName is required/],
      [JSON.stringify({ ...TOKEN, variables: [1] }), {}, 400, /variables must be an object/],
      ["[1]", {}, 400, /JSON object/],
      ["{not json", {}, 400, /expected JSON/],
      [TOKEN_BODY, { type: "text/plain" }, 415, /application\/json/],
      [TOKEN_BODY, { type: "application/x-www-form-urlencoded" }, 415, /application\/json/],
    ];
    for (const [body, options, status, text] of cases) {
      const response = await call(url, body, options);
      assert.equal(response.status, status);
      assert.match(await message(response), text);
    }
    assert.equal(calls, 0);
    const get = await call(url, "", { method: "GET" });
    assert.equal(get.status, 405);
    assert.equal(get.headers.get("allow"), "POST");
  });
});

Deno.test("variables out of bounds are refused by name with 400, and nothing is forwarded", async () => {
  let calls = 0;
  await withGateway(() => {
    calls++;
    return Response.json({ data: {} });
  }, async (url) => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ...TOKEN.variables, junk: "x".repeat(60_000) }, 'Variable "junk" is not a variable of Token'],
      [{ ...TOKEN.variables, address: "1".repeat(5_000) }, 'Variable "address" is 5000 characters long: at most 200'],
      [{ address: TOKEN.variables.address }, 'Variable "chain" is required'],
      [{ ...TOKEN.variables, chain: 7 }, 'Variable "chain" is 7: expected a Chain value'],
    ];
    for (const [variables, text] of cases) {
      const response = await call(url, JSON.stringify({ ...TOKEN, variables }));
      assert.equal(response.status, 400);
      assert.equal(response.headers.get("content-type"), "application/json");
      assert.equal(await message(response), text);
    }
    // A count past the product's own page, written as JSON would carry it.
    const query = stringifyDocument(ALL_DOCUMENTS.TopTokens);
    const pageSize = await call(
      url,
      `{"operationName":"TopTokens","query":${JSON.stringify(query)},` +
        `"variables":{"chain":"ETHEREUM","pageSize":1000000}}`,
    );
    assert.equal(pageSize.status, 400);
    assert.equal(await message(pageSize), 'Variable "pageSize" is 1000000: at most 100');
    const infinite = await call(
      url,
      `{"operationName":"TopTokens","query":${JSON.stringify(query)},` +
        `"variables":{"chain":"ETHEREUM","page":1e999}}`,
    );
    assert.equal(infinite.status, 400);
    assert.equal(await message(infinite), 'Variable "page" is Infinity: expected a whole number');
    assert.equal(calls, 0);
    const ok = await call(url, JSON.stringify({ operationName: "TopTokens", query, variables: { pageSize: 100 } }));
    assert.equal(ok.status, 200);
    await ok.body?.cancel();
    assert.equal(calls, 1);
  });
});

Deno.test("a body over 64 KiB is refused from its Content-Length, or while reading, without reading it all", async () => {
  const declared = await call("http://127.0.0.1:9/graphql", "", {
    body: new ReadableStream({ pull: () => new Promise(() => {}) }), // never sends a byte
    headers: { "content-length": String(300 * 1024 * 1024) },
  });
  assert.equal(declared.status, 413);

  let pulled = 0;
  const endless = new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled += 16 * 1024;
      controller.enqueue(new Uint8Array(16 * 1024).fill(0x20));
    },
  });
  const streamed = await call("http://127.0.0.1:9/graphql", "", { body: endless });
  assert.equal(streamed.status, 413);
  assert.equal(await message(streamed), `Request body is larger than ${MAX_BODY_BYTES} bytes`);
  assert.ok(pulled < 4 * MAX_BODY_BYTES);
});

Deno.test("each client has its own rate limit: 429 with Retry-After past the burst", async () => {
  await withGateway(() => Response.json({ data: { token: null } }), async (url) => {
    // The burst passes; calls faster than the refill rate then meet a 429.
    let passed = 0;
    let limited: Response | null = null;
    while (passed < 10 * RATE_BURST) {
      const response = await call(url, TOKEN_BODY, { client: "192.0.2.7" });
      if (response.status === 429) {
        limited = response;
        break;
      }
      assert.equal(response.status, 200);
      await response.body?.cancel();
      passed++;
    }
    assert.ok(passed >= RATE_BURST);
    assert.equal(limited?.status, 429);
    assert.ok(Number(limited?.headers.get("retry-after")) >= 1);
    await limited?.body?.cancel();
    const other = await call(url, TOKEN_BODY, { client: "192.0.2.8" });
    assert.equal(other.status, 200);
    await other.body?.cancel();
  });
});

Deno.test("an unreachable gateway answers 502, a slow one 504, a non-JSON, huge or deep one 502", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = listener.addr.port;
  listener.close();
  const down = await call(`http://127.0.0.1:${closedPort}/graphql`, TOKEN_BODY);
  assert.equal(down.status, 502);
  assert.equal(await message(down), "Cannot reach the data gateway");

  const release = Promise.withResolvers<void>();
  await withGateway(async () => {
    await release.promise;
    return Response.json({ data: null });
  }, async (url) => {
    const slow = await call(url, TOKEN_BODY, { timeoutMs: 100 });
    assert.equal(slow.status, 504);
    assert.equal(await message(slow), "Gateway did not answer within 100 ms");
    release.resolve();
  });

  await withGateway(() => new Response("<html>oops</html>", { status: 500 }), async (url) => {
    const html = await call(url, TOKEN_BODY);
    assert.equal(html.status, 502);
    assert.equal(await message(html), "Data gateway answered HTTP 500");
  });
  await withGateway(() => new Response(`{"data":"${"a".repeat(200_000)}"}`), async (url) => {
    const huge = await call(url, TOKEN_BODY);
    assert.equal(huge.status, 502);
    assert.match(await message(huge), /too large or too deeply nested/);
  });
  await withGateway(() => new Response(`{"data":${"[".repeat(8000)}${"]".repeat(8000)}}`), async (url) => {
    const deep = await call(url, TOKEN_BODY);
    assert.equal(deep.status, 502);
    assert.match(await message(deep), /too large or too deeply nested/);
  });
});
