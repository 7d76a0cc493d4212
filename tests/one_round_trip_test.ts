/**
 * One round trip for a browser's cold token page (issues 24 and 34), against
 * the real service and the demo gateway behind the shared fake gateway, for a
 * token with OHLC candles (UNI) and one without (`NO_LOGO_TOKEN`, whose chart
 * falls back to the price history, asked in the same request):
 *
 * - with every answer held behind a gate, every call of the page (the root's
 *   preview lookup and the page's details, chart, transactions, pools and
 *   description) arrives before any is answered, and once they are released
 *   the whole streamed document arrives while a second gate stays closed: no
 *   call waits for another's answer;
 * - with every call answered 600 ms late, the whole document arrives with each
 *   call asked once, and every call asked before the first answer left.
 *
 * The time of the 600 ms cases is printed (one trip: about 600-1,000 ms; two
 * trips would be over 1,200); `bench/first_visit.ts` reports it too.
 */
import assert from "node:assert/strict";
import { JSDOM } from "jsdom";
import { ETHEREUM_TOKENS, NO_LOGO_TOKEN, startDemoGateway } from "../demo_gateway/mod.ts";
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

/** The tokens of the page: one with candles, one whose chart is the price history. */
const TOKENS = [
  { symbol: "UNI", address: ETHEREUM_TOKENS.UNI, candles: true },
  { symbol: "NOLOGO", address: NO_LOGO_TOKEN.address, candles: false },
] as const;

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

      for (const token of TOKENS) {
        await t.step(`${token.symbol}: every call starts before any answer; no second trip`, async () => {
          gateway.resetCounts();
          const first = gateway.hold();
          const response = fetch(server.url + `/explore/tokens/ethereum/${token.address}`, {
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
            assertWholeTokenPage(html, token.symbol);
            assert.deepEqual(second.arrived, [], "calls were asked after the first answers");
            assert.deepEqual([...first.arrived].sort(), [...TOKEN_PAGE_CALLS].sort(), "each call once");
            // The chart: candles, or (without them) the price-history line, from the one TokenPrice call.
            const price = gateway.requests.find((r) => r.operationName === "TokenPrice");
            assert.equal(price?.variables.fallback, true, "the fallback series is asked in the same request");
            assert.match(
              html,
              // the streamed loader data names the chart's kind (turbo-stream: `\"kind\",\"candles\"`)
              token.candles ? /\\"kind\\",\\"candles\\"/ : /\\"kind\\",\\"line\\",\\"series\\"/,
              "the chart is not the expected kind",
            );
          } finally {
            second.release();
          }
        });
      }
    } finally {
      await server.stop();
      await gateway.close();
      await demo.close();
    }
  },
});

/** Fresh tokens for the delayed case (the first test's are cached by then): WETH has candles, NOLOGO none. */
const DELAYED_TOKENS = [
  { symbol: "WETH", address: ETHEREUM_TOKENS.WETH, candles: true },
  { symbol: "NOLOGO", address: NO_LOGO_TOKEN.address, candles: false },
] as const;

Deno.test({
  name: `a cold token page with a ${DELAY_MS} ms gateway: one trip, with and without candles`,
  sanitizeOps: false,
  sanitizeResources: false,
  async fn(t) {
    const demo = await startDemoGateway();
    const gateway = await startFakeGateway({}, { fallbackUrl: demo.url });
    const server = await startServer({ GRAPHQL_URL: gateway.url, QUERY_CACHE_SECONDS: "300" });
    try {
      assert.equal((await fetch(server.url + "/swap", { headers: { "user-agent": BROWSER_USER_AGENT } })).status, 200);
      for (const token of DELAYED_TOKENS) {
        await t.step(
          `${token.symbol}: with a ${DELAY_MS} ms gateway every call is asked once, before any answer`,
          async () => {
            gateway.resetCounts();
            gateway.delayMs = DELAY_MS;
            // Which calls had arrived when the first answer left: wrapped around the forwarding of each.
            const arrivedAtFirstAnswer: string[][] = [];
            try {
              const started = performance.now();
              const response = await fetch(server.url + `/explore/tokens/ethereum/${token.address}`, {
                headers: { "user-agent": BROWSER_USER_AGENT },
              });
              const timer = setTimeout(
                () => arrivedAtFirstAnswer.push(gateway.requests.map((r) => r.operationName)),
                0,
              );
              const html = await response.text();
              clearTimeout(timer);
              const elapsed = performance.now() - started;
              console.log(
                `cold token page of ${token.symbol} (${token.candles ? "candles" : "no candles"}), every call ` +
                  `${DELAY_MS} ms late: whole document in ${elapsed.toFixed(0)} ms`,
              );
              assert.equal(response.status, 200);
              assertWholeTokenPage(html, token.symbol);
              assert.deepEqual(gateway.requests.map((r) => r.operationName).sort(), [...TOKEN_PAGE_CALLS].sort());
              // The head left once the first answers were in: by then every call had been asked.
              assert.deepEqual(arrivedAtFirstAnswer[0]?.sort(), [...TOKEN_PAGE_CALLS].sort());
            } finally {
              gateway.delayMs = 0;
            }
          },
        );
      }
    } finally {
      await server.stop();
      await gateway.close();
      await demo.close();
    }
  },
});
