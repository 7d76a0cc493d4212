import assert from "node:assert/strict";
import { decodeFunctionData, encodeFunctionData, erc20Abi, getAddress, type Hex, parseEther, toHex } from "viem";
import type { Address } from "../../lib/address.ts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { DEV_ACCOUNTS, startDemoChain } from "../../demo_chain/mod.ts";
import {
  bestQuote,
  buildSwap,
  candidateRoutes,
  describeRoute,
  findBestQuote,
  type Quote,
  type Route,
  SWAP_ROUTER_ABI,
  type SwapToken,
  v3Path,
} from "./swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const ETH: SwapToken = { address: "native", symbol: "ETH", decimals: 18 };
const USDC_T: SwapToken = { address: USDC, symbol: "USDC", decimals: 6 };
const UNI_T: SwapToken = { address: UNI, symbol: "UNI", decimals: 18 };

function quote(
  route: Route,
  amountIn: bigint,
  amountOut: bigint,
  gas = 100n,
  kind: "exactIn" | "exactOut" = "exactIn",
): Quote {
  return { route, kind, amountIn, amountOut, gasEstimate: gas };
}

Deno.test("candidate routes: every V3 fee tier and V2 direct, and through WETH unless a side is WETH", () => {
  const direct = candidateRoutes(USDC, C.wrappedNative, C);
  assert.deepEqual(direct.map((r) => `${r.protocol}:${r.hops.map((h) => h.fee).join("/")}`), [
    "V3:100",
    "V3:500",
    "V3:3000",
    "V3:10000",
    "V2:3000",
  ]);
  const viaWeth = candidateRoutes(USDC, UNI, C);
  assert.equal(viaWeth.length, 5 + 9 + 1);
  assert.ok(viaWeth.filter((r) => r.hops.length === 2).every((r) => r.hops[0].tokenOut === C.wrappedNative));
  assert.deepEqual(candidateRoutes(USDC, getAddress(USDC.toLowerCase()), C), []);
});

Deno.test("V3 paths: token, fee, token...; reversed for exact output", () => {
  const route: Route = {
    protocol: "V3",
    hops: [{ tokenIn: USDC, tokenOut: C.wrappedNative, fee: 500 }, {
      tokenIn: C.wrappedNative,
      tokenOut: UNI,
      fee: 3000,
    }],
  };
  const hex = (a: string) => a.slice(2).toLowerCase();
  assert.equal(v3Path(route, "exactIn"), `0x${hex(USDC)}0001f4${hex(C.wrappedNative)}000bb8${hex(UNI)}`);
  assert.equal(v3Path(route, "exactOut"), `0x${hex(UNI)}000bb8${hex(C.wrappedNative)}0001f4${hex(USDC)}`);
  assert.equal(
    describeRoute(route, (a) => (a === USDC ? "USDC" : a === UNI ? "UNI" : "WETH")),
    "USDC → WETH → UNI (V3 0.05%, 0.3%)",
  );
});

Deno.test("best quote: most out for exact input, least in for exact output, then lower gas, then fewer hops", () => {
  const one: Route = { protocol: "V3", hops: [{ tokenIn: USDC, tokenOut: UNI, fee: 500 }] };
  const two: Route = {
    protocol: "V2",
    hops: [{ tokenIn: USDC, tokenOut: C.wrappedNative, fee: 3000 }, {
      tokenIn: C.wrappedNative,
      tokenOut: UNI,
      fee: 3000,
    }],
  };
  assert.equal(bestQuote([null, quote(one, 10n, 90n), quote(two, 10n, 95n), null])?.route, two);
  assert.equal(bestQuote([quote(one, 10n, 95n, 200n), quote(two, 10n, 95n, 100n)])?.route, two);
  assert.equal(bestQuote([quote(two, 10n, 95n, 100n), quote(one, 10n, 95n, 100n)])?.route, one);
  assert.equal(
    bestQuote([quote(one, 12n, 50n, 1n, "exactOut"), quote(two, 11n, 50n, 9n, "exactOut")])?.route,
    two,
  );
  assert.equal(bestQuote([null, null]), null);
});

Deno.test("against the demo chain: quotes, best routes and router calls that simulate", async (t) => {
  const chain = await startDemoChain();
  const call: ChainCall = ({ to, data }) => chain.node.request<Hex>("eth_call", [{ to, data }, "latest"]);
  const from = DEV_ACCOUNTS[5] as Address;
  const simulateAs = (tx: { to: Address; data: Hex; value: bigint }) =>
    chain.node.request<Hex>("eth_call", [{ from, to: tx.to, data: tx.data, value: toHex(tx.value) }, "latest"]);
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 1800);
  try {
    await t.step("ETH -> USDC exact input picks the deep 0.05 % V3 pool at about the demo price", async () => {
      const best = await findBestQuote(call, C, ETH, USDC_T, { kind: "exactIn", amount: parseEther("1") });
      assert.ok(best);
      assert.equal(best.route.protocol, "V3");
      assert.equal(best.route.hops[0].fee, 500);
      assert.ok(best.amountOut > 3_160_000_000n && best.amountOut < 3_180_420_000n, String(best.amountOut));
      const plan = buildSwap(best, {
        contracts: C,
        tokenIn: ETH,
        tokenOut: USDC_T,
        recipient: from,
        slippageBps: 50,
        deadline,
      });
      assert.equal(plan.tx.to, C.v3SwapRouter);
      assert.equal(plan.tx.value, parseEther("1"));
      assert.equal(plan.spender, null);
      assert.equal(plan.minimumOut, best.amountOut * 9950n / 10000n);
      await simulateAs(plan.tx);
    });

    await t.step("USDC -> UNI goes through WETH; exact output bounds the input", async () => {
      const best = await findBestQuote(call, C, USDC_T, UNI_T, { kind: "exactOut", amount: parseEther("10") });
      assert.ok(best);
      assert.equal(best.route.hops.length, 2);
      assert.equal(best.amountOut, parseEther("10"));
      // 10 UNI at 9.84 USD: a little over 98.4 USDC with fees
      assert.ok(best.amountIn > 98_400_000n && best.amountIn < 100_500_000n, String(best.amountIn));
      const plan = buildSwap(best, {
        contracts: C,
        tokenIn: USDC_T,
        tokenOut: UNI_T,
        recipient: from,
        slippageBps: 100,
        deadline,
      });
      assert.equal(plan.maximumIn, (best.amountIn * 10100n + 9999n) / 10000n);
      assert.equal(plan.spender, best.route.protocol === "V3" ? C.v3SwapRouter : C.v2Router);
      // Without an approval the router cannot pull USDC: the simulation must fail.
      await assert.rejects(simulateAs(plan.tx));
      await chain.node.request("hardhat_impersonateAccount", [from]);
      await chain.node.request("eth_sendTransaction", [{
        from,
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [plan.spender!, plan.maximumIn] }),
      }]);
      await simulateAs(plan.tx);
    });

    await t.step("UNI -> ETH unwraps through the router's multicall to the recipient", async () => {
      const best = await findBestQuote(call, C, UNI_T, ETH, { kind: "exactIn", amount: parseEther("100") });
      assert.ok(best);
      const plan = buildSwap(best, {
        contracts: C,
        tokenIn: UNI_T,
        tokenOut: ETH,
        recipient: from,
        slippageBps: 50,
        deadline,
      });
      if (best.route.protocol === "V3") {
        const decoded = decodeFunctionData({ abi: SWAP_ROUTER_ABI, data: plan.tx.data });
        assert.equal(decoded.functionName, "multicall");
        assert.match(plan.tx.label, /unwrapWETH9/);
      } else {
        assert.equal(plan.tx.label, "UniswapV2Router02.swapExactTokensForETH");
      }
    });

    await t.step("a pair without pools has no quote", async () => {
      const spam = getAddress("0x0000000000000000000000000000000000000bad");
      assert.equal(
        await findBestQuote(call, C, { address: spam, symbol: "X", decimals: 18 }, USDC_T, {
          kind: "exactIn",
          amount: 1n,
        }),
        null,
      );
    });
  } finally {
    await chain.close();
  }
});

Deno.test("quoteFailure: transport errors by their cause, a revert is none", async () => {
  const { HttpRequestError, TimeoutError, CallExecutionError, ContractFunctionRevertedError } = await import("viem");
  const { quoteFailure } = await import("./swap_routes.ts");
  const limited = new HttpRequestError({ url: "http://x/rpc", status: 429, body: {} });
  assert.equal(quoteFailure(limited), "rate limited");
  assert.equal(quoteFailure(new CallExecutionError(limited, {})), "rate limited");
  assert.equal(quoteFailure(new HttpRequestError({ url: "http://x/rpc", status: 502 })), "network");
  assert.equal(quoteFailure(new TimeoutError({ body: {}, url: "http://x/rpc" })), "network");
  const revert = new ContractFunctionRevertedError({ abi: [], functionName: "quoteExactInputSingle" });
  assert.equal(quoteFailure(revert), null);
  assert.equal(quoteFailure(new Error("execution reverted")), null);
  assert.equal(quoteFailure(null), null);
});
