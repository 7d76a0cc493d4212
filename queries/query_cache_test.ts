import assert from "node:assert/strict";
import { createGatewayClient, GatewayError, runQuery } from "./client.ts";
import { createQueryCache, isQueryBody } from "./query_cache.ts";
import { TokenQuery } from "./edge.ts";

const URL_ = "http://gateway.test/graphql";
const UNI = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";

/** A base fetch standing in for the gateway: counts calls, answers by script, can hold answers behind a gate. */
function fakeGateway() {
  const state = {
    calls: 0,
    gate: null as PromiseWithResolvers<void> | null,
    answer: (): Response =>
      Response.json({ data: { token: { id: "t", chain: "ETHEREUM", address: UNI, symbol: "UNI", name: "Uniswap" } } }),
  };
  const fetch: typeof globalThis.fetch = async (_input, init) => {
    state.calls++;
    if (state.gate) await state.gate.promise;
    if (init?.signal?.aborted) throw init.signal.reason;
    return state.answer();
  };
  return { state, fetch };
}

function clientOf(fetch: typeof globalThis.fetch, cache: ReturnType<typeof createQueryCache>) {
  return createGatewayClient({ url: URL_, fetch, queryCache: cache, timeoutMs: 1000 });
}

async function symbolOf(client: ReturnType<typeof clientOf>, address = UNI): Promise<string | null | undefined> {
  return (await runQuery(client, TokenQuery, { chain: "ETHEREUM", address })).data?.token?.symbol;
}

Deno.test("query cache: a read within the TTL costs no gateway call, a fresh client included", async () => {
  let clock = 1_000;
  const cache = createQueryCache({ ttlMs: 30_000, now: () => clock });
  const gateway = fakeGateway();
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(gateway.state.calls, 1);
  assert.equal(cache.stats.hits, 1);
  // other variables are another entry
  await symbolOf(clientOf(gateway.fetch, cache), `0x${"12".repeat(20)}`);
  assert.equal(gateway.state.calls, 2);
  // past the TTL the gateway is read again
  clock += 30_000;
  await symbolOf(clientOf(gateway.fetch, cache));
  assert.equal(gateway.state.calls, 3);
});

Deno.test("query cache: identical concurrent reads share one gateway call", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  gateway.state.gate = Promise.withResolvers();
  const reads = Array.from({ length: 5 }, () => symbolOf(clientOf(gateway.fetch, cache)));
  await new Promise((resolve) => setTimeout(resolve, 0));
  gateway.state.gate.resolve();
  assert.deepEqual(await Promise.all(reads), ["UNI", "UNI", "UNI", "UNI", "UNI"]);
  assert.equal(gateway.state.calls, 1);
  assert.equal(cache.stats.shared, 4);
});

Deno.test("query cache: a gateway failure is shared by those waiting, then never served from the cache", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  gateway.state.answer = () => new Response("upstream exploded", { status: 500 });
  gateway.state.gate = Promise.withResolvers();
  const reads = [symbolOf(clientOf(gateway.fetch, cache)), symbolOf(clientOf(gateway.fetch, cache))];
  await new Promise((resolve) => setTimeout(resolve, 0));
  gateway.state.gate.resolve();
  gateway.state.gate = null;
  for (const result of await Promise.allSettled(reads)) {
    assert.equal(result.status, "rejected");
    assert.ok(result.reason instanceof GatewayError && result.reason.kind === "http");
  }
  assert.equal(gateway.state.calls, 1);
  assert.equal(cache.size, 0);
  // the gateway is back: the next read asks it, and that answer is kept
  gateway.state.answer = () => Response.json({ data: { token: { id: "t", symbol: "UNI" } } });
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(gateway.state.calls, 2);
});

Deno.test("query cache: answers with GraphQL errors, garbage and timeouts are not stored", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  gateway.state.answer = () =>
    Response.json({ data: { token: { id: "t", symbol: "UNI" } }, errors: [{ message: "partial", path: ["token"] }] });
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(await symbolOf(clientOf(gateway.fetch, cache)), "UNI");
  assert.equal(gateway.state.calls, 2, "partial data with errors was served from the cache");

  gateway.state.answer = () => new Response("{not json", { headers: { "content-type": "application/json" } });
  await assert.rejects(
    symbolOf(clientOf(gateway.fetch, cache)),
    (e) => e instanceof GatewayError && e.kind === "parse",
  );
  await assert.rejects(
    symbolOf(clientOf(gateway.fetch, cache)),
    (e) => e instanceof GatewayError && e.kind === "parse",
  );
  assert.equal(gateway.state.calls, 4);
  assert.equal(cache.size, 0);

  // a hanging gateway times out once per read; nothing is kept
  const hanging: typeof fetch = (_input, init) =>
    new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal!.reason)));
  const slow = createGatewayClient({ url: URL_, fetch: hanging, queryCache: cache, timeoutMs: 20 });
  await assert.rejects(symbolOf(slow), (e) => e instanceof GatewayError && e.kind === "timeout");
  assert.equal(cache.size, 0);
});

Deno.test("query cache: one waiter giving up does not cancel the shared read", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  gateway.state.gate = Promise.withResolvers();
  const wrapped = cache.wrap(gateway.fetch);
  const body = JSON.stringify({ operationName: "Token", query: "query Token { token { id } }", variables: {} });
  const leaving = new AbortController();
  const first = wrapped(URL_, { method: "POST", body, signal: leaving.signal });
  const second = wrapped(URL_, { method: "POST", body });
  leaving.abort(new DOMException("gone", "AbortError"));
  await assert.rejects(first, (e) => e instanceof DOMException && e.name === "AbortError");
  gateway.state.gate.resolve();
  const answer = await (await second).json();
  assert.equal(answer.data.token.symbol, "UNI");
  assert.equal(gateway.state.calls, 1);
  assert.equal(cache.size, 1);
});

Deno.test("query cache: mutations and non-JSON bodies pass through; TTL 0 turns it off", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  const wrapped = cache.wrap(gateway.fetch);
  const mutation = JSON.stringify({ query: "# note\nmutation Do { do }", variables: {} });
  await wrapped(URL_, { method: "POST", body: mutation });
  await wrapped(URL_, { method: "POST", body: mutation });
  await wrapped(URL_, { method: "POST", body: "not json" });
  await wrapped(URL_, { method: "POST", body: "not json" });
  assert.equal(gateway.state.calls, 4);
  assert.equal(cache.size, 0);

  const off = createQueryCache({ ttlMs: 0 });
  assert.equal(off.enabled, false);
  assert.equal(off.wrap(gateway.fetch), gateway.fetch);
});

Deno.test("query cache: bounded in bytes, least recently used first", async () => {
  const cache = createQueryCache({ ttlMs: 30_000, maxBytes: 4_000 });
  const gateway = fakeGateway();
  const wrapped = cache.wrap(gateway.fetch);
  const body = (i: number) =>
    JSON.stringify({ operationName: "Token", query: "query Token { token { id } }", variables: { i } });
  for (let i = 0; i < 20; i++) await wrapped(URL_, { method: "POST", body: body(i) });
  assert.ok(cache.size > 0 && cache.size < 20, `held ${cache.size} answers`);
  const calls = gateway.state.calls;
  await wrapped(URL_, { method: "POST", body: body(19) });
  assert.equal(gateway.state.calls, calls, "the newest answer was evicted");
  await wrapped(URL_, { method: "POST", body: body(0) });
  assert.equal(gateway.state.calls, calls + 1, "the oldest answer was kept");
});

Deno.test("query cache: tells queries from other operations", () => {
  assert.equal(isQueryBody(JSON.stringify({ query: "query A { a }" })), true);
  assert.equal(isQueryBody(JSON.stringify({ query: "  # c\n { a }" })), true);
  assert.equal(isQueryBody(JSON.stringify({ query: "mutation A { a }" })), false);
  assert.equal(isQueryBody(JSON.stringify({ query: "subscription A { a }" })), false);
  assert.equal(isQueryBody(JSON.stringify({ query: "queryX" })), false);
  assert.equal(isQueryBody("[1]"), false);
  assert.equal(isQueryBody("nope"), false);
});

Deno.test("query cache: deleteWhere drops the matching reads only, and the next read asks the gateway", async () => {
  const cache = createQueryCache({ ttlMs: 30_000 });
  const gateway = fakeGateway();
  const other = `0x${"12".repeat(20)}`;
  await symbolOf(clientOf(gateway.fetch, cache));
  await symbolOf(clientOf(gateway.fetch, cache), other);
  assert.equal(gateway.state.calls, 2);
  assert.equal(cache.deleteWhere((key) => key.toLowerCase().includes(UNI)), 1);
  assert.equal(cache.size, 1);
  await symbolOf(clientOf(gateway.fetch, cache));
  await symbolOf(clientOf(gateway.fetch, cache), other);
  assert.equal(gateway.state.calls, 3, "only the dropped read went to the gateway again");
});
