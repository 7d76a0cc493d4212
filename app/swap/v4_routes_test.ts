import assert from "node:assert/strict";
import { decodeFunctionData } from "viem";
import { V4_NATIVE_CURRENCY } from "../../lib/pool_address.ts";
import {
  KNOWN_V4_HOOKS,
  V4_DYNAMIC_FEE,
  V4_QUOTER_ABI,
  v4CandidateHops,
  v4FeeText,
  v4PathKeys,
  v4PoolOfHop,
  v4QuoteCall,
} from "./v4_routes.ts";

const USDC: `0x${string}` = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const USDT: `0x${string}` = "0xdAC17F958D2ee523a2206206994597C13D831ec7";
const ETH = V4_NATIVE_CURRENCY;

Deno.test("the demo hook the router knows is the demo gateway's", async () => {
  const { DEMO_V4_HOOK } = await import("../../demo_gateway/fixtures.ts");
  assert.ok(KNOWN_V4_HOOKS.some((h) => h.hooks.toLowerCase() === DEMO_V4_HOOK.toLowerCase()));
});

Deno.test("V4 candidates: every tier and known hook direct; two hops through the native currency", () => {
  const direct = v4CandidateHops(ETH, USDC);
  assert.equal(direct.length, 4 + KNOWN_V4_HOOKS.length, "ether is a side: no two-hop routes");
  assert.ok(direct.some(([hop]) => hop.fee === V4_DYNAMIC_FEE && hop.tickSpacing === 60));
  const both = v4CandidateHops(USDC, USDT);
  const twoHop = both.filter((r) => r.length === 2);
  assert.equal(twoHop.length, (3 + KNOWN_V4_HOOKS.length) ** 2);
  assert.ok(twoHop.every(([a, b]) => a.tokenOut === ETH && b.tokenIn === ETH));
  assert.deepEqual(v4CandidateHops(USDC, USDC), []);
});

Deno.test("pool keys sort their currencies; path keys name each hop's far side, by direction", () => {
  const { key, zeroForOne } = v4PoolOfHop({ tokenIn: USDC, tokenOut: ETH, fee: 500 });
  assert.deepEqual(key, { currency0: ETH, currency1: USDC, fee: 500, tickSpacing: 10, hooks: ETH });
  assert.equal(zeroForOne, false);
  const hops = [{ tokenIn: USDC, tokenOut: ETH, fee: 500 }, { tokenIn: ETH, tokenOut: USDT, fee: 3000 }];
  assert.deepEqual(v4PathKeys(hops, true).map((p) => p.intermediateCurrency), [ETH, USDT]);
  assert.deepEqual(v4PathKeys(hops, false).map((p) => p.intermediateCurrency), [USDC, ETH]);
  const call = decodeFunctionData({ abi: V4_QUOTER_ABI, data: v4QuoteCall(hops, false, 7n) });
  assert.equal(call.functionName, "quoteExactOutput");
  assert.deepEqual((call.args[0] as { exactCurrency: string }).exactCurrency, USDT);
  assert.equal(v4FeeText({ tokenIn: USDC, tokenOut: ETH, fee: V4_DYNAMIC_FEE }), "dynamic fee");
  assert.equal(v4FeeText({ tokenIn: USDC, tokenOut: ETH, fee: 100 }), "0.01%");
});
