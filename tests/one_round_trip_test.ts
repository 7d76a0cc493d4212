/**
 * One round trip for a browser's cold token page (issue 24), against the real
 * service and the demo gateway behind the shared fake gateway:
 *
 * - with every answer held behind a gate, every call of the page (the root's
 *   preview lookup and the page's details, chart, transactions, pools and
 *   description) arrives before any is answered, and once they are released
 *   the whole streamed document arrives while a second gate stays closed: no
 *   call waits for another's answer;
 * - with every call answered 600 ms late, the whole document arrives before
 *   two gateway delays (1,200 ms) could have passed, each call asked once.
 *
 * The time of the 600 ms case is printed; `bench/first_visit.ts` reports it too.
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import { ETHEREUM_TOKENS, startDemoGateway } from "../demo_gateway/mod.ts";
import { startFakeGateway } from "./fakes/gateway.ts";
import { BROWSER_USER_AGENT, startServer } from "./server_harness.ts";

/** The calls of a cold token page: the root's preview (`Token`) and the page's own. */
const TOKEN_PAGE_CALLS = [
  "Token",
  "TokenDetails",
  "TokenPrice",
  "TokenTransactions",
  "TopV4Pools",
  "TopV3Pools",
  "TopV2Pairs",
  "TokenProjectDescription",
];

const DELAY_MS = 600;

/** Rejects with `message` if `promise` has not settled when the safety net fires (it keeps a test from hanging). */
function within<T>(promise: Promise<T>, message: string, ms = 20_000): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const net = new Promise<never>((_, reject) => timer = setTimeout(() => reject(new Error(message)), ms));
  return Promise.race([promise, net]).finally(() => clearTimeout(timer));
}

/** Throws unless `html` is the whole token page: frame, every streamed part, no error. */
function assertWholeTokenPage(html: string, symbol: string): void {
  const doc = new JSDOM(html).window.document;
  assert.match(doc.querySelector("main h1")?.textContent ?? "", new RegExp(symbol), "no token heading");
  assert.ok(doc.querySelector("#tx-title"), "the streamed transactions never arrived");
  assert.equal(doc.querySelectorAll("main .state-error").length, 0, "a part shows an error");
  assert.match(html, /streamController\.close\(\)/, "the document ended before its stream closed");
}

Deno.test({
  name: "a browser's cold token page costs one gateway round trip",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const demo = await startDemoGateway();
    const gateway = await startFakeGateway({}, { fallbackUrl: demo.url });
    const server = await startServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "300" });
    try {
      // The first page a fresh service renders compiles its code paths: not a token page measured here.
      assert.equal((await fetch(server.url + "/swap", { headers: { "user-agent": BROWSER_USER_AGENT } })).status, 200);

      await t.step("every call starts before any answer; the whole document needs no second trip", async () => {
        gateway.resetCounts();
        const first = gateway.hold();
        const response = fetch(server.url + `/explore/tokens/ethereum/${ETHEREUM_TOKENS.UNI}`, {
          headers: { "user-agent": BROWSER_USER_AGENT },
        });
        await within(
          (async () => {
            while (!TOKEN_PAGE_CALLS.every((op) => first.arrived.includes(op))) {
              await first.arrivals(first.arrived.length + 1);
            }
          })(),
          `before any answer, the page asked only ${first.arrived.join(", ")}`,
        );
        // Opening a second gate releases the first: any call asked after an answer now waits forever.
        const second = gateway.hold();
        try {
          const answer = await within(response, "no answer after the first round trip");
          assert.equal(answer.status, 200);
          const html = await within(answer.text(), `the document waited for a second trip: ${second.arrived}`);
          assertWholeTokenPage(html, "UNI");
          assert.deepEqual(second.arrived, [], "calls were asked after the first answers");
          assert.deepEqual([...first.arrived].sort(), [...TOKEN_PAGE_CALLS].sort(), "each call once");
        } finally {
          second.release();
        }
      });

      await t.step(`with a ${DELAY_MS} ms gateway the whole document arrives before two delays`, async () => {
        gateway.resetCounts();
        gateway.delayMs = DELAY_MS;
        try {
          const started = performance.now();
          const response = await fetch(server.url + `/explore/tokens/ethereum/${ETHEREUM_TOKENS.WETH}`, {
            headers: { "user-agent": BROWSER_USER_AGENT },
          });
          const html = await response.text();
          const elapsed = performance.now() - started;
          console.log(`cold token page, every call ${DELAY_MS} ms late: whole document in ${elapsed.toFixed(0)} ms`);
          assert.equal(response.status, 200);
          assertWholeTokenPage(html, "WETH");
          assert.deepEqual(gateway.requests.map((r) => r.operationName).sort(), [...TOKEN_PAGE_CALLS].sort());
          // Two sequential trips take at least 2 x 600 ms: anything less is one trip.
          assert.ok(elapsed < 2 * DELAY_MS, `the document took ${elapsed.toFixed(0)} ms: two gateway trips`);
        } finally {
          gateway.delayMs = 0;
        }
      });
    } finally {
      await server.stop();
      await gateway.close();
      await demo.close();
    }
  },
});
