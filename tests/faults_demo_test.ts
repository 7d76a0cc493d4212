/**
 * The demo configuration (no `GRAPHQL_URL`: the embedded demo gateway on a
 * loopback port) against the real server: the browser never receives that
 * loopback address (pages, loader data, logos), GraphQL goes through
 * `/graphql` and subscriptions through a WebSocket on the service's own
 * origin, which relays the product's own subscription and nothing else.
 */
import assert from "node:assert/strict";
import { stringifyDocument } from "@urql/core";
import { OnAssetActivitySubscription } from "../queries/activity.ts";
import { TokenQuery } from "../queries/edge.ts";
import { startServer } from "./server_harness.ts";

const WALLET = "0x036b30d42028532091FBe91DB601B4c2710BF14c";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
/** A browser's User-Agent: crawlers get a lighter document. */
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/** Loopback URLs in `text` other than the service's own. */
function foreignLoopback(text: string, own: URL): string[] {
  const found = text.match(/\b(?:https?|wss?):\/\/(?:127\.\d+\.\d+\.\d+|localhost|\[::1\])(?::\d+)?/gi) ?? [];
  return found.filter((url) => !url.endsWith(`:${own.port}`));
}

/** One graphql-transport-ws exchange: returns the first `next` payload, or the close code. */
function subscribeOnce(url: string, payload: unknown): Promise<{ next?: unknown; closeCode?: number }> {
  const done = Promise.withResolvers<{ next?: unknown; closeCode?: number }>();
  const ws = new WebSocket(url, "graphql-transport-ws");
  ws.onopen = () => ws.send(JSON.stringify({ type: "connection_init" }));
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data));
    if (message.type === "connection_ack") ws.send(JSON.stringify({ id: "1", type: "subscribe", payload }));
    else if (message.type === "next") {
      done.resolve({ next: message.payload });
      ws.send(JSON.stringify({ id: "1", type: "complete" }));
      ws.close(1000);
    } else if (message.type === "error") done.resolve({ next: message });
  };
  ws.onclose = (event) => done.resolve({ closeCode: event.code });
  ws.onerror = () => {};
  return done.promise;
}

Deno.test("faults: the demo gateway's loopback address never reaches the browser; GraphQL and WS go through our origin", async (t) => {
  const server = await startServer();
  const own = new URL(server.url);
  try {
    await t.step("pages, loader data and logos carry no other loopback address", async () => {
      const paths = [
        "/explore",
        `/explore/tokens/ethereum/${UNI}`,
        `/portfolio?address=${WALLET}`,
        `/portfolio/activity?address=${WALLET}`,
        `/portfolio/activity.data?address=${WALLET}`,
      ];
      let logo: string | null = null;
      for (const path of paths) {
        const response = await fetch(server.url + path, { headers: { "user-agent": BROWSER } });
        const text = await response.text();
        assert.ok(response.status < 400, `${path} answered ${response.status}`);
        assert.deepEqual(foreignLoopback(text, own), [], `${path} leaks a loopback address`);
        logo ??= /"(\/logos\/[^"\\]+)/.exec(text)?.[1] ?? null;
      }
      assert.ok(logo, "no same-origin logo URL in the pages");
      const image = await fetch(server.url + logo);
      assert.equal(image.status, 200);
      assert.match(image.headers.get("content-type") ?? "", /^image\//);
      await image.body?.cancel();
    });

    await t.step("the portfolio's live activity endpoint is our own /graphql", async () => {
      const response = await fetch(`${server.url}/portfolio/activity?address=${WALLET}`, {
        headers: { "user-agent": BROWSER },
      });
      const html = await response.text();
      // The loader data (turbo-stream in the document) names the key and, as a value, the same-origin path.
      assert.match(html, /graphqlWsUrl/);
      assert.match(html, /\\?"\/graphql\\?"/);
    });

    await t.step("GraphQL over HTTP through /graphql answers from the demo gateway", async () => {
      const response = await fetch(`${server.url}/graphql`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({
          operationName: "Token",
          query: stringifyDocument(TokenQuery),
          variables: { chain: "ETHEREUM", address: UNI.toLowerCase() },
        }),
      });
      assert.equal(response.status, 200);
      const text = await response.text();
      assert.equal(JSON.parse(text).data.token.symbol, "UNI");
      assert.deepEqual(foreignLoopback(text, own), []);
    });

    const wsUrl = `${server.url.replace(/^http/, "ws")}/graphql`;
    await t.step("the subscription is relayed over a WebSocket on our origin", async () => {
      const result = await subscribeOnce(wsUrl, {
        query: stringifyDocument(OnAssetActivitySubscription),
        variables: { subscriptionId: crypto.randomUUID(), account: WALLET },
      });
      const activity = (result.next as { data?: { onAssetActivity?: { id?: string } } })?.data?.onAssetActivity;
      assert.ok(activity?.id, `no activity arrived: ${JSON.stringify(result)}`);
    });

    await t.step("any other operation on the WebSocket closes it with 4403", async () => {
      const result = await subscribeOnce(wsUrl, {
        query: "query IntrospectionQuery { __schema { types { name } } }",
      });
      assert.equal(result.closeCode, 4403);
    });

    await t.step("one client opening subscription sockets in a burst meets 429s", async () => {
      const outcomes = await Promise.all(Array.from({ length: 20 }, () => {
        const outcome = Promise.withResolvers<"open" | "refused">();
        const ws = new WebSocket(wsUrl, "graphql-transport-ws");
        ws.onopen = () => {
          outcome.resolve("open");
          ws.close(1000);
        };
        ws.onerror = () => outcome.resolve("refused");
        return outcome.promise;
      }));
      assert.ok(outcomes.includes("refused"), "no upgrade was refused");
      assert.ok(outcomes.includes("open"), "every upgrade was refused");
    });
  } finally {
    await server.stop();
  }
});
