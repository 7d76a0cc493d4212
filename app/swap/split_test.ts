import assert from "node:assert/strict";
import { decodeFunctionData } from "viem";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import {
  bestTrade,
  describeTrade,
  disjoint,
  findBestTrade,
  routeKey,
  singleTrade,
  splitAmount,
  splitCandidates,
  splitLegAmounts,
} from "./split.ts";
import type { Quote, Route } from "./swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";
import { QUOTER_V2_ABI, V2_ROUTER_ABI } from "./swap_routes.ts";
import { decodeFunctionResult, encodeFunctionResult } from "viem";

const WETH = C.wrappedNative;
const UNI: `0x${string}` = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const USDC: `0x${string}` = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const V3: Route = { protocol: "V3", hops: [{ tokenIn: WETH, tokenOut: UNI, fee: 3000 }] };
const V3_LOW: Route = { protocol: "V3", hops: [{ tokenIn: WETH, tokenOut: UNI, fee: 500 }] };
const V2: Route = { protocol: "V2", hops: [{ tokenIn: WETH, tokenOut: UNI, fee: 3000 }] };
const VIA_USDC: Route = {
  protocol: "V3",
  hops: [{ tokenIn: WETH, tokenOut: USDC, fee: 500 }, { tokenIn: USDC, tokenOut: UNI, fee: 3000 }],
};

/** A constant-product pool's output for `amountIn` against reserves, fee 0.3 %. */
function cpmm(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const withFee = amountIn * 997n;
  return withFee * reserveOut / (reserveIn * 1000n + withFee);
}

function q(route: Route, amountIn: bigint, amountOut: bigint, gas = 100_000n): Quote {
  return { route, kind: "exactIn", amountIn, amountOut, gasEstimate: gas };
}

Deno.test("split amounts, route keys and pools: disjoint only when no pool is shared", () => {
  assert.deepEqual(splitAmount(1000n, 3000), [300n, 700n]);
  assert.deepEqual(splitAmount(1001n, 5000), [500n, 501n]);
  // Both parts of every share, once each: 10%..90% of 1000 are nine amounts; of 1001, the rests differ by one unit.
  assert.deepEqual(splitLegAmounts(1000n).sort((a, b) => Number(a - b)), [
    100n,
    200n,
    300n,
    400n,
    500n,
    600n,
    700n,
    800n,
    900n,
  ]);
  assert.equal(splitLegAmounts(1001n).length, 18);
  for (const part of splitLegAmounts(1001n)) assert.ok(splitLegAmounts(1001n).includes(1001n - part));
  assert.notEqual(routeKey(V3), routeKey(V3_LOW));
  assert.equal(disjoint(V3, V2), true, "V2 and V3 pools of one pair are different pools");
  assert.equal(disjoint(V3, V3_LOW), true);
  assert.equal(disjoint(V3, V3), false);
  const viaV3: Route = { protocol: "V3", hops: [{ tokenIn: WETH, tokenOut: UNI, fee: 3000 }, ...VIA_USDC.hops] };
  assert.equal(disjoint(V3, viaV3), false);
});

Deno.test("splitCandidates: the best exact-input quotes first", () => {
  const routes = splitCandidates([q(V2, 10n, 5n), null, q(V3, 10n, 9n), q(V3_LOW, 10n, 7n), q(VIA_USDC, 10n, 1n)], 3);
  assert.deepEqual(routes, [V3, V3_LOW, V2]);
});

Deno.test("bestTrade: a split of two deep pools beats either alone, net of gas; gas can tip it back", () => {
  const amount = 1_000_000n;
  const reserves = new Map([[routeKey(V3), [3_000_000n, 3_000_000n]], [routeKey(V2), [1_000_000n, 1_000_000n]]]);
  const quoteAt = (route: Route, amountIn: bigint) => {
    const [rIn, rOut] = reserves.get(routeKey(route))!;
    return q(route, amountIn, cpmm(amountIn, rIn, rOut));
  };
  const singles = [quoteAt(V3, amount), quoteAt(V2, amount)];
  const legs = new Map([V3, V2].map((route) => [
    routeKey(route),
    new Map(splitLegAmounts(amount).map((part) => [part, quoteAt(route, part)])),
  ]));
  const free = bestTrade(singles, legs, () => 0n)!;
  assert.equal(free.legs.length, 2);
  assert.ok(free.amountOut > singles[0].amountOut && free.amountOut > singles[1].amountOut);
  assert.equal(free.legs[0].shareBps + free.legs[1].shareBps, 10_000);
  assert.equal(free.legs[0].quote.route, V3);
  assert.equal(free.legs[0].shareBps, 7000, "the deeper pool takes more");
  assert.equal(free.amountIn, amount);
  assert.equal(free.gasEstimate, 230_000n);
  // An amount no share divides: the legs still sell exactly the amount.
  const odd = 1_000_003n;
  const oddLegs = new Map([V3, V2].map((route) => [
    routeKey(route),
    new Map(splitLegAmounts(odd).map((part) => [part, quoteAt(route, part)])),
  ]));
  const oddTrade = bestTrade([quoteAt(V3, odd), quoteAt(V2, odd)], oddLegs, () => 0n)!;
  assert.equal(oddTrade.legs.length, 2);
  assert.equal(oddTrade.amountIn, odd);
  // When the second leg's gas costs more than the split gains, the single route wins.
  const gain = free.amountOut - singles[0].amountOut;
  const costly = bestTrade(singles, legs, (gas) => gas * (gain + 1n) / 130_000n)!;
  assert.equal(costly.legs.length, 1);
  assert.equal(costly.legs[0].quote.route, V3);
  // Exact output: the best single route, never a split.
  const out: Quote = { route: V3, kind: "exactOut", amountIn: 5n, amountOut: 4n, gasEstimate: 1n };
  assert.deepEqual(bestTrade([out], legs, () => 0n), singleTrade(out));
  assert.equal(bestTrade([null], legs, () => 0n), null);
});

Deno.test("findBestTrade: asks the quoter and Router02 for singles and every share of the best routes", async () => {
  // A fake chain: V3 0.3 % and V2 pools of WETH/UNI with constant-product answers; nothing else exists.
  const calls: string[] = [];
  const call: ChainCall = ({ to, data }) => {
    if (to === C.v2Router) {
      const { args } = decodeFunctionData({ abi: V2_ROUTER_ABI, data });
      const [amountIn, path] = args as [bigint, readonly string[]];
      if (path.length !== 2) return Promise.reject(new Error("no pair"));
      calls.push(`V2 ${amountIn}`);
      return Promise.resolve(encodeFunctionResult({
        abi: V2_ROUTER_ABI,
        functionName: "getAmountsOut",
        result: [amountIn, cpmm(amountIn, 1_000_000n, 1_000_000n)],
      }));
    }
    const decoded = decodeFunctionData({ abi: QUOTER_V2_ABI, data });
    if (decoded.functionName !== "quoteExactInputSingle") return Promise.reject(new Error("no path"));
    const params = decoded.args[0] as { fee: number; amountIn: bigint };
    if (params.fee !== 3000) return Promise.reject(new Error("no pool"));
    calls.push(`V3 ${params.amountIn}`);
    return Promise.resolve(encodeFunctionResult({
      abi: QUOTER_V2_ABI,
      functionName: "quoteExactInputSingle",
      result: [cpmm(params.amountIn, 3_000_000n, 3_000_000n), 0n, 0, 100_000n],
    }));
  };
  // A trade too small to move either pool is not worth a split: no split quotes at all.
  calls.length = 0;
  const small = await findBestTrade(
    call,
    C,
    { address: "native", symbol: "ETH", decimals: 18 },
    { address: UNI, symbol: "UNI", decimals: 18 },
    { kind: "exactIn", amount: 1000n, gasCost: () => 0n },
  );
  assert.equal(small?.legs.length, 1);
  assert.deepEqual(calls.sort(), ["V2 1000", "V3 1000", "V3 500"], "the singles, and the best route's half");
  calls.length = 0;
  const trade = await findBestTrade(
    call,
    C,
    { address: "native", symbol: "ETH", decimals: 18 },
    { address: UNI, symbol: "UNI", decimals: 18 },
    { kind: "exactIn", amount: 1_000_000n, gasCost: () => 0n },
  );
  assert.ok(trade);
  assert.equal(trade.legs.length, 2);
  assert.deepEqual(trade.legs.map((l) => [l.quote.route.protocol, l.shareBps]), [["V3", 7000], ["V2", 3000]]);
  assert.ok(calls.includes("V3 700000") && calls.includes("V2 300000"));
  assert.deepEqual(
    describeTrade(trade, (a) => (a === WETH ? "WETH" : "UNI")),
    ["70% WETH → UNI (V3 0.3%)", "30% WETH → UNI (V2 0.3%)"],
  );
  // Decoding a quoter answer the way quoteRoute does keeps the amounts.
  const encoded = encodeFunctionResult({
    abi: QUOTER_V2_ABI,
    functionName: "quoteExactInputSingle",
    result: [7n, 0n, 0, 1n],
  });
  assert.equal(
    decodeFunctionResult({ abi: QUOTER_V2_ABI, functionName: "quoteExactInputSingle", data: encoded })[0],
    7n,
  );
});

Deno.test("bestTrade, exact output: the amount bought is split when two pools sell it for less, net of gas", () => {
  // Constant-product cost of buying `out` (fee 0.3 %), rounded up as the pools do.
  const cost = (out: bigint, rIn: bigint, rOut: bigint) => rIn * out * 1000n / ((rOut - out) * 997n) + 1n;
  const reserves = new Map([[routeKey(V3), [3_000_000n, 3_000_000n]], [routeKey(V2), [1_000_000n, 1_000_000n]]]);
  const quoteOut = (route: Route, out: bigint): Quote => {
    const [rIn, rOut] = reserves.get(routeKey(route))!;
    return { route, kind: "exactOut", amountIn: cost(out, rIn, rOut), amountOut: out, gasEstimate: 100_000n };
  };
  const amount = 500_000n;
  const singles = [quoteOut(V3, amount), quoteOut(V2, amount)];
  const legs = new Map([V3, V2].map((route) => [
    routeKey(route),
    new Map(splitLegAmounts(amount).map((part) => [part, quoteOut(route, part)])),
  ]));
  const trade = bestTrade(singles, legs, () => 0n)!;
  assert.equal(trade.kind, "exactOut");
  assert.equal(trade.legs.length, 2);
  assert.equal(trade.amountOut, amount, "the legs buy exactly the amount");
  assert.ok(trade.amountIn < singles[0].amountIn, `${trade.amountIn} vs ${singles[0].amountIn}`);
  assert.equal(trade.legs[0].quote.route, V3, "the deeper pool first");
  // Gas worth more than the saving keeps the single route.
  const saving = singles[0].amountIn - trade.amountIn;
  const pricey = bestTrade(singles, legs, (gas) => gas >= 200_000n ? saving * 2n : 0n)!;
  assert.equal(pricey.legs.length, 1);
});
