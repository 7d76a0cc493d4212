import assert from "node:assert/strict";
import { cacheExchange, Client, fetchExchange, stringifyDocument } from "@urql/core";
import {
  acceptSubscriptionMessage,
  allowedOperationNames,
  checkOperation,
  checkRequest,
  normaliseDocument,
} from "./allow_list.ts";
import { ALL_DOCUMENTS } from "./documents.ts";
import { OnAssetActivitySubscription } from "./activity.ts";

/** Every body urql really sends for each query document (cache exchange included, as in the browser). */
async function bodiesUrqlSends(): Promise<{ operationName: string; query: string }[]> {
  const bodies: { operationName: string; query: string }[] = [];
  const client = new Client({
    url: "http://gateway.test/graphql",
    exchanges: [cacheExchange, fetchExchange],
    preferGetMethod: false,
    fetch: (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return Promise.resolve(Response.json({ data: null }));
    },
  });
  for (const name of allowedOperationNames("http")) {
    // deno-lint-ignore no-explicit-any
    await client.query((ALL_DOCUMENTS as any)[name], {}).toPromise();
  }
  return bodies;
}

Deno.test("every query the product's urql client sends is allowed, under its own name only", async () => {
  const bodies = await bodiesUrqlSends();
  assert.equal(bodies.length, allowedOperationNames("http").length);
  assert.ok(bodies.length > 30);
  for (const body of bodies) {
    assert.equal(checkOperation(body.operationName, body.query, "http"), null, body.operationName);
    // Reformatted text (other whitespace and commas, a comment) is the same operation.
    const spaced = `# from a client\n${body.query.replaceAll(" ", "\n  ,")}`;
    assert.equal(checkOperation(body.operationName, spaced, "http"), null);
  }
  const [first, second] = bodies;
  assert.match(checkOperation(second.operationName, first.query, "http")!, /own operations/);
  assert.match(checkOperation(first.operationName, first.query, "ws")!, /own operations/);
});

Deno.test("hand-written, altered, aliased and introspection queries are refused", async () => {
  const [token] = (await bodiesUrqlSends()).filter((b) => b.operationName === "Token");
  assert.ok(token, "the Token document is listed");
  const refusals = [
    ["Token", token.query.replace("symbol", "symbol a1: symbol a2: symbol")],
    ["Token", "query Token { __schema { types { name } } }"],
    ["IntrospectionQuery", "query IntrospectionQuery { __schema { queryType { name } } }"],
    ["Token", ""],
    ["Token", 42],
    ["Nope", "query Nope { a }"],
  ] as const;
  for (const [name, query] of refusals) {
    assert.notEqual(checkOperation(name, query, "http"), null, `${name}: ${String(query).slice(0, 40)}`);
  }
  assert.equal(
    checkOperation("Token", 'query Token { __type(name: "X") { name } }', "http"),
    "Introspection is not available",
  );
});

Deno.test("the subscription is allowed over the WebSocket only", () => {
  const query = stringifyDocument(OnAssetActivitySubscription);
  assert.deepEqual(allowedOperationNames("ws"), ["OnAssetActivity"]);
  assert.equal(checkOperation("OnAssetActivity", query, "ws"), null);
  assert.notEqual(checkOperation("OnAssetActivity", query, "http"), null);
});

Deno.test("normaliseDocument keeps strings and separates names only where needed", () => {
  assert.equal(
    normaliseDocument('query  A($x: Int = 1, $y: [ID!]) { a(s: "a  ,b # c") ... on B { c } } # tail'),
    'query A($x:Int=1$y:[ID!]){a(s:"a  ,b # c")...on B{c}}',
  );
  assert.equal(normaliseDocument('{ a(s: """x \\""" y""") }'), '{a(s:"""x \\""" y""")}');
});

Deno.test("the subscription relay passes protocol messages and the product's subscription only", () => {
  const query = stringifyDocument(OnAssetActivitySubscription);
  const subscribe = (payload: unknown) => JSON.stringify({ id: "1", type: "subscribe", payload });
  assert.equal(acceptSubscriptionMessage(JSON.stringify({ type: "connection_init" })), true);
  assert.equal(acceptSubscriptionMessage(JSON.stringify({ type: "ping" })), true);
  assert.equal(acceptSubscriptionMessage(JSON.stringify({ id: "1", type: "complete" })), true);
  const variables = { subscriptionId: crypto.randomUUID(), account: `0x${"ab".repeat(20)}` };
  assert.equal(acceptSubscriptionMessage(subscribe({ query, variables })), true, "operationName may be left out");
  assert.equal(acceptSubscriptionMessage(subscribe({ query, operationName: "OnAssetActivity", variables })), true);
  assert.equal(acceptSubscriptionMessage(subscribe({ query, variables: {} })), false, "account is required");
  assert.equal(
    acceptSubscriptionMessage(subscribe({ query, variables: { ...variables, account: "x".repeat(60_000) } })),
    false,
  );
  assert.equal(acceptSubscriptionMessage(subscribe({ query, variables: { ...variables, more: 1 } })), false);
  assert.equal(acceptSubscriptionMessage(subscribe({ query: "query Token { __schema { types { name } } }" })), false);
  assert.equal(acceptSubscriptionMessage(subscribe({ query: "subscription X { onAssetActivity { id } }" })), false);
  assert.equal(acceptSubscriptionMessage(subscribe({ query, operationName: "Token" })), false);
  assert.equal(acceptSubscriptionMessage("{not json"), false);
  assert.equal(acceptSubscriptionMessage(new ArrayBuffer(4)), false);
  assert.equal(acceptSubscriptionMessage(JSON.stringify({ type: "next" })), false);
});

Deno.test("checkRequest judges the operation, then its variables by name", async () => {
  const [token] = (await bodiesUrqlSends()).filter((b) => b.operationName === "Token");
  const address = `0x${"ab".repeat(20)}`;
  assert.equal(checkRequest("Token", token.query, { chain: "ETHEREUM", address }, "http"), null);
  assert.equal(checkRequest(undefined, token.query, { chain: "ETHEREUM" }, "http"), null, "name from the document");
  assert.equal(
    checkRequest("Token", token.query, { chain: "ETHEREUM", junk: "x".repeat(60_000) }, "http"),
    'Variable "junk" is not a variable of Token',
  );
  assert.equal(checkRequest("Token", token.query, null, "http"), 'Variable "chain" is required');
  assert.equal(checkRequest("Token", token.query, [1], "http"), "Variables must be a JSON object");
  assert.match(checkRequest("Other", token.query, {}, "http")!, /own operations/, "the operation is judged first");
});
