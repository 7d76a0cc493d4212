/**
 * The `/graphql` proxy route (`app/routes/graphql.ts`) against a real
 * loopback gateway: forwarding, method and body checks, and the 502/504
 * answers when the gateway fails.
 */
import { expect } from "expect";
import { action, loader } from "../../app/routes/graphql.ts";

type Handler = (request: Request) => Response | Promise<Response>;

async function withGateway(handler: Handler, fn: (url: string) => Promise<void>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handler);
  try {
    await fn(`http://127.0.0.1:${server.addr.port}/graphql`);
  } finally {
    await server.shutdown();
  }
}

function call(url: string, body: string, timeoutMs = 2000, method = "POST") {
  const request = new Request("http://app.test/graphql", {
    method,
    headers: { "content-type": "application/json" },
    body: method === "GET" ? undefined : body,
  });
  const context = { graphqlUrl: url, gatewayTimeoutMs: timeoutMs };
  // deno-lint-ignore no-explicit-any
  return action({
    request,
    context: context as any,
    params: {},
    url: new URL(request.url),
    pattern: "/graphql",
  }) as Promise<
    Response
  >;
}

Deno.test("the proxy forwards the JSON body and returns the gateway's JSON", async () => {
  let seen: unknown = null;
  await withGateway(async (request) => {
    seen = { method: request.method, type: request.headers.get("content-type"), body: await request.json() };
    return Response.json({ data: { ok: true } });
  }, async (url) => {
    const body = JSON.stringify({ query: "{ ok }", variables: { a: 1 }, operationName: "Ok" });
    const response = await call(url, body);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(await response.json()).toEqual({ data: { ok: true } });
    expect(seen).toEqual({
      method: "POST",
      type: "application/json",
      body: { query: "{ ok }", variables: { a: 1 }, operationName: "Ok" },
    });
  });
});

Deno.test("GET answers 405 and a body that is not JSON answers 400", async () => {
  const request = new Request("http://app.test/graphql");
  // deno-lint-ignore no-explicit-any
  const get = loader({ request, context: {} as any, params: {}, url: new URL(request.url), pattern: "/graphql" });
  expect(get.status).toBe(405);
  expect(get.headers.get("allow")).toBe("POST");
  const bad = await call("http://127.0.0.1:9/graphql", "{not json");
  expect(bad.status).toBe(400);
  expect((await bad.json()).errors[0].message).toBe("Cannot parse request body: expected JSON");
});

Deno.test("an unreachable gateway answers 502, a slow one 504, a non-JSON one 502", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const closedPort = listener.addr.port;
  listener.close();
  const down = await call(`http://127.0.0.1:${closedPort}/graphql`, "{}");
  expect(down.status).toBe(502);
  expect((await down.json()).errors[0].message).toBe("Cannot reach the data gateway");

  const release = Promise.withResolvers<void>();
  await withGateway(async () => {
    await release.promise;
    return Response.json({ data: null });
  }, async (url) => {
    const slow = await call(url, "{}", 100);
    expect(slow.status).toBe(504);
    expect((await slow.json()).errors[0].message).toBe("Gateway did not answer within 100 ms");
    release.resolve();
  });

  await withGateway(() => new Response("<html>oops</html>", { status: 500 }), async (url) => {
    const html = await call(url, "{}");
    expect(html.status).toBe(502);
    expect((await html.json()).errors[0].message).toBe("Data gateway answered HTTP 500 without a JSON body");
  });
});
