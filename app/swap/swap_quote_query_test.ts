import assert from "node:assert/strict";
import { HttpRequestError, type PublicClient } from "viem";
import type { PublicChain } from "../../lib/rpc_directory.ts";
import { EVM_CHAINS } from "../../lib/chains.ts";
import {
  NO_LIQUIDITY,
  QUOTE_AFTER_FAILURE_MS,
  QUOTE_REFRESH_MS,
  quoteFailureText,
  retryQuote,
  swapQuoteKey,
  swapQuoteQuery,
} from "./swap_quote_query.ts";

const UNI = { address: "0x00000000000000000000000000000000000000Aa", symbol: "UNI", decimals: 18 } as const;
const USDC = { address: "0x00000000000000000000000000000000000000bB", symbol: "USDC", decimals: 6 } as const;

function request(amount: bigint | null, client: PublicClient | null = { chain: { id: 31337 } } as PublicClient) {
  return {
    client,
    chain: { contracts: EVM_CHAINS.ethereum!.contracts } as unknown as PublicChain,
    tokenIn: UNI,
    tokenOut: USDC,
    kind: "exactIn" as const,
    amount,
    nativeToOutput: null,
  };
}

function rateLimit() {
  const e = new HttpRequestError({ url: "http://127.0.0.1/rpc", status: 429, body: {} });
  return e;
}

Deno.test("the quote's key names chain, tokens, kind and amount; another amount is another query", () => {
  const key = swapQuoteKey(request(10n));
  assert.deepEqual(key, [
    "chain",
    31337,
    "swapQuote",
    UNI.address.toLowerCase(),
    USDC.address.toLowerCase(),
    "exactIn",
    "10",
  ]);
  assert.notDeepEqual(swapQuoteKey(request(11n)), key);
  // bigints go in as text, so the key hashes (JSON) without throwing.
  assert.doesNotThrow(() => JSON.stringify(key));
});

Deno.test("nothing is asked without a chain, an amount, or while typing", () => {
  assert.equal(swapQuoteQuery(request(null), { paused: false, enabled: true }).enabled, false);
  assert.equal(swapQuoteQuery(request(0n), { paused: false, enabled: true }).enabled, false);
  assert.equal(swapQuoteQuery(request(10n, null), { paused: false, enabled: true }).enabled, false);
  assert.equal(swapQuoteQuery(request(10n), { paused: false, enabled: false }).enabled, false);
  assert.equal(swapQuoteQuery(request(10n), { paused: false, enabled: true }).enabled, true);
});

Deno.test("refreshed every 12 s while open, 3 s after a failure, not while paused", () => {
  const interval = (paused: boolean, status: string) => {
    const refetch = swapQuoteQuery(request(10n), { paused, enabled: true }).refetchInterval as (q: unknown) => unknown;
    return refetch({ state: { status } });
  };
  assert.equal(interval(false, "success"), QUOTE_REFRESH_MS);
  assert.equal(interval(false, "error"), QUOTE_AFTER_FAILURE_MS);
  assert.equal(interval(true, "success"), false);
});

Deno.test("a network failure is tried once more at once, a rate limit never", () => {
  const network = new HttpRequestError({ url: "http://127.0.0.1/rpc", details: "fetch failed" });
  assert.equal(retryQuote(0, network), true);
  assert.equal(retryQuote(1, network), false);
  assert.equal(retryQuote(0, rateLimit()), false);
  assert.equal(retryQuote(0, new Error("execution reverted")), false);
});

Deno.test("a failure says why, never 'no route'", () => {
  assert.match(quoteFailureText(rateLimit()), /rate limited/);
  assert.match(quoteFailureText(new HttpRequestError({ url: "http://x", details: "fetch failed" })), /network/);
  for (const text of [quoteFailureText(rateLimit()), quoteFailureText(new Error("boom"))]) {
    assert.doesNotMatch(text, /no route|no liquidity/i);
  }
  assert.match(NO_LIQUIDITY, /No liquidity/);
});
