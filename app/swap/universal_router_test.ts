import assert from "node:assert/strict";
import {
  decodeAbiParameters,
  decodeFunctionData,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  hashDomain,
  type Hex,
  maxUint256,
  parseEther,
  parseUnits,
  toEventSelector,
  toHex,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import type { Address } from "../../lib/address.ts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { DEMO_CHAIN_ID, DEV_MNEMONIC, startDemoChain } from "../../demo_chain/mod.ts";
import { V4_ONLY_POOL } from "../../demo_gateway/fixtures.ts";
import { v4PoolId } from "../../lib/pool_address.ts";
import {
  decodePermit2Allowance,
  permit2AllowanceCall,
  permitNeeded,
  permitSingle,
  permitTypedData,
} from "../lib/permit2.ts";
import {
  ADDRESS_THIS,
  buildUniversalTrade,
  MSG_SENDER,
  UNIVERSAL_ROUTER_ABI,
  UR_COMMANDS,
  withPermit,
} from "./universal_router.ts";
import { findBestTrade, singleTrade, type Trade } from "./split.ts";
import { bestQuote, quoteRoute, type Route, swapCandidates, type SwapToken } from "./swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";
import { KNOWN_V4_HOOKS, v4PoolOfHop } from "./v4_routes.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const USDT = getAddress("0xdAC17F958D2ee523a2206206994597C13D831ec7");
const UNI = getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984");
const ETH: SwapToken = { address: "native", symbol: "ETH", decimals: 18 };
const T = (address: Address, symbol: string, decimals: number): SwapToken => ({ address, symbol, decimals });
const SWAP_TOPIC = toEventSelector("Swap(bytes32,address,int128,int128,uint160,uint128,int24,uint24)");

function commandNames(data: Hex): string[] {
  const { args } = decodeFunctionData({ abi: UNIVERSAL_ROUTER_ABI, data });
  const names = Object.fromEntries(Object.entries(UR_COMMANDS).map(([k, v]) => [v, k]));
  return (args[0].slice(2).match(/../g) ?? []).map((b) => names[parseInt(b, 16)]);
}

Deno.test("exact output paid in ether refunds the rest; ether out unwraps after V2/V3 legs", () => {
  const me = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8" as Address;
  const v3: Route = { protocol: "V3", hops: [{ tokenIn: C.wrappedNative, tokenOut: UNI, fee: 3000 }] };
  const trade = singleTrade({ route: v3, kind: "exactOut", amountIn: 1000n, amountOut: 50n, gasEstimate: 1n });
  const base = { contracts: C, recipient: me, slippageBps: 100, deadline: 99n };
  const plan = buildUniversalTrade(trade, { ...base, tokenIn: ETH, tokenOut: T(UNI, "UNI", 18) });
  assert.equal(plan.tx.to, C.universalRouter);
  assert.equal(plan.tx.value, 1010n);
  assert.equal(plan.maximumIn, 1010n);
  assert.equal(plan.spender, null);
  assert.deepEqual(commandNames(plan.tx.data), ["WRAP_ETH", "V3_SWAP_EXACT_OUT", "UNWRAP_WETH"]);
  assert.equal(plan.tx.label, "UniversalRouter.execute(WRAP_ETH, V3_SWAP_EXACT_OUT, UNWRAP_WETH)");
  const [recipient, amountOut, amountInMax, , payerIsUser] = decodeAbiParameters(
    [{ type: "address" }, { type: "uint256" }, { type: "uint256" }, { type: "bytes" }, { type: "bool" }],
    plan.commands[1].input,
  );
  assert.deepEqual([recipient, amountOut, amountInMax, payerIsUser], [MSG_SENDER, 50n, 1010n, false]);

  const back: Route = { protocol: "V2", hops: [{ tokenIn: UNI, tokenOut: C.wrappedNative, fee: 3000 }] };
  const sell = buildUniversalTrade(
    singleTrade({ route: back, kind: "exactIn", amountIn: 50n, amountOut: 1000n, gasEstimate: 1n }),
    { ...base, tokenIn: T(UNI, "UNI", 18), tokenOut: ETH },
  );
  assert.equal(sell.tx.value, 0n);
  assert.equal(sell.spender, C.permit2);
  assert.equal(sell.permitToken, UNI);
  assert.deepEqual(commandNames(sell.tx.data), ["V2_SWAP_EXACT_IN", "UNWRAP_WETH"]);
  assert.equal(decodeAbiParameters([{ type: "address" }], sell.commands[0].input)[0], ADDRESS_THIS);
  assert.deepEqual(decodeAbiParameters([{ type: "address" }, { type: "uint256" }], sell.commands[1].input), [
    MSG_SENDER,
    990n,
  ]);
});

/** A trader on a demo chain: reads, sends from a development account, approves Permit2 and signs permits. */
function harness(chain: Awaited<ReturnType<typeof startDemoChain>>) {
  const call: ChainCall = ({ to, data }) => chain.node.request<Hex>("eth_call", [{ to, data }, "latest"]);
  const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 7 });
  const me = account.address;
  const now = () => Math.floor(Date.now() / 1000);
  const send = async (tx: { to: Address; data: Hex; value?: bigint }) => {
    await chain.node.request<Hex>("eth_call", [
      { from: me, to: tx.to, data: tx.data, value: toHex(tx.value ?? 0n) },
      "latest",
    ]);
    const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
      from: me,
      to: tx.to,
      data: tx.data,
      value: toHex(tx.value ?? 0n),
      gas: toHex(3_000_000),
    }]);
    const receipt = await chain.node.request<{ status: Hex; logs: { address: Hex; topics: Hex[] }[] }>(
      "eth_getTransactionReceipt",
      [hash],
    );
    assert.equal(receipt.status, "0x1", `${tx.to} reverted`);
    return receipt;
  };
  const balance = async (token: Address) =>
    BigInt(
      await call({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }),
      }),
    );
  const deadline = () => BigInt(now() + 1800);
  const trade = (tokenIn: SwapToken, tokenOut: SwapToken, amount: bigint, kind: "exactIn" | "exactOut" = "exactIn") =>
    findBestTrade(call, C, tokenIn, tokenOut, { kind, amount, gasCost: () => 0n });
  /** Approves Permit2 once, signs the trade's permit when needed, sends. */
  const swapWithPermit = async (found: Trade, tokenIn: SwapToken, tokenOut: SwapToken) => {
    const plan = buildUniversalTrade(found, {
      contracts: C,
      tokenIn,
      tokenOut,
      recipient: me,
      slippageBps: 50,
      deadline: deadline(),
    });
    const token = plan.permitToken!;
    await send({
      to: token,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [C.permit2, maxUint256] }),
    });
    const allowance = decodePermit2Allowance(
      await call({ to: C.permit2, data: permit2AllowanceCall(me, token, C.universalRouter) }),
    );
    assert.ok(permitNeeded(allowance, plan.maximumIn, now()));
    const permit = permitSingle({
      token,
      spender: plan.router,
      amount: plan.maximumIn,
      nonce: allowance.nonce,
      now: now(),
    });
    const signature = await account.signTypedData(
      permitTypedData(permit, { chainId: DEMO_CHAIN_ID, permit2: C.permit2 }),
    );
    const signed = withPermit(plan, permit, signature);
    assert.equal(commandNames(signed.tx.data)[0], "PERMIT2_PERMIT");
    const receipt = await send(signed.tx);
    const after = decodePermit2Allowance(
      await call({ to: C.permit2, data: permit2AllowanceCall(me, token, C.universalRouter) }),
    );
    assert.equal(after.nonce, allowance.nonce + 1, "the permit used its nonce");
    return { plan: signed, receipt };
  };
  return { call, me, now, send, balance, deadline, trade, swapWithPermit };
}

Deno.test("against the demo chain: Universal Router trades with Permit2, V2, V3 and V4, ether in and out", async (t) => {
  const chain = await startDemoChain();
  const { call, me, now, send, balance, deadline, trade, swapWithPermit } = harness(chain);
  try {
    await t.step("Permit2's domain separator is its own on the demo chain (signatures verify)", async () => {
      const data = await call({ to: C.permit2, data: "0x3644e515" }); // DOMAIN_SEPARATOR()
      const { domain } = permitTypedData(
        permitSingle({ token: UNI, spender: C.universalRouter, amount: 1n, nonce: 0, now: now() }),
        { chainId: DEMO_CHAIN_ID, permit2: C.permit2 },
      );
      const EIP712Domain = [
        { name: "name", type: "string" },
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ] as const;
      assert.equal(
        data,
        hashDomain({ domain: { ...domain, chainId: BigInt(domain.chainId) }, types: { EIP712Domain } }),
      );
    });

    await t.step("10 UNI → USDC: Permit2 approval, a signed permit, one execute", async () => {
      const found = await trade(T(UNI, "UNI", 18), T(USDC, "USDC", 6), parseEther("10"));
      assert.ok(found);
      const [uni0, usdc0] = [await balance(UNI), await balance(USDC)];
      const { plan } = await swapWithPermit(found, T(UNI, "UNI", 18), T(USDC, "USDC", 6));
      assert.equal(uni0 - (await balance(UNI)), parseEther("10"));
      assert.ok((await balance(USDC)) - usdc0 >= plan.minimumOut);
    });

    await t.step("USDC → USDT exists only in V4: the V4 route, a PoolManager Swap event", async () => {
      const found = await trade(T(USDC, "USDC", 6), T(USDT, "USDT", 6), parseUnits("1000", 6));
      assert.ok(found);
      assert.equal(found.legs[0].quote.route.protocol, "V4");
      const hop = found.legs[0].quote.route.hops[0];
      assert.equal(v4PoolId(v4PoolOfHop(hop).key), V4_ONLY_POOL.address);
      const usdt0 = await balance(USDT);
      const { receipt, plan } = await swapWithPermit(found, T(USDC, "USDC", 6), T(USDT, "USDT", 6));
      assert.ok(commandNames(plan.tx.data).includes("V4_SWAP"));
      const swap = receipt.logs.find((l) => getAddress(l.address) === C.v4PoolManager && l.topics[0] === SWAP_TOPIC);
      assert.ok(swap, "the PoolManager's Swap event");
      assert.equal(swap.topics[1], V4_ONLY_POOL.address);
      assert.ok((await balance(USDT)) - usdt0 >= plan.minimumOut);
    });

    await t.step("UNI → ETH → USDC over two V4 pools, exact input and exact output", async () => {
      const hops = [
        { tokenIn: UNI, tokenOut: "0x0000000000000000000000000000000000000000", fee: 3000, tickSpacing: 60 },
        { tokenIn: "0x0000000000000000000000000000000000000000", tokenOut: USDC, fee: 500, tickSpacing: 10 },
      ] as const;
      const route: Route = { protocol: "V4", hops: [...hops] };
      for (const kind of ["exactIn", "exactOut"] as const) {
        const quote = await quoteRoute(
          call,
          C,
          route,
          kind,
          kind === "exactIn" ? parseEther("5") : parseUnits("40", 6),
        );
        assert.ok(quote, kind);
        const usdc0 = await balance(USDC);
        const { plan, receipt } = await swapWithPermit(singleTrade(quote), T(UNI, "UNI", 18), T(USDC, "USDC", 6));
        assert.deepEqual(commandNames(plan.tx.data), ["PERMIT2_PERMIT", "V4_SWAP"]);
        assert.equal(receipt.logs.filter((l) => l.topics[0] === SWAP_TOPIC).length, 2, "two PoolManager swaps");
        assert.ok((await balance(USDC)) - usdc0 >= plan.minimumOut, kind);
      }
    });

    await t.step("ether in, exact output over V4 native pools and V3: the rest comes back", async () => {
      for (const [token, symbol, decimals, amount] of [[UNI, "UNI", 18, "20"], [USDC, "USDC", 6, "500"]] as const) {
        const out = T(token, symbol, decimals);
        const found = await trade(ETH, out, parseUnits(amount, decimals), "exactOut");
        assert.ok(found, symbol);
        const plan = buildUniversalTrade(found, {
          contracts: C,
          tokenIn: ETH,
          tokenOut: out,
          recipient: me,
          slippageBps: 100,
          deadline: deadline(),
        });
        const eth0 = BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
        const got0 = await balance(token);
        await send(plan.tx);
        assert.equal((await balance(token)) - got0, parseUnits(amount, decimals));
        const spent = eth0 - BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
        // Gas aside, what left is the quote, not the most sold (the rest was refunded).
        assert.ok(spent < found.amountIn + parseEther("0.01") && spent >= found.amountIn, `${symbol} ${spent}`);
      }
    });
  } finally {
    await chain.close();
  }
});

Deno.test("against the demo chain: splits through the Universal Router, exact output and mixed protocols", async (t) => {
  const chain = await startDemoChain();
  const { call, me, send, balance, deadline, trade, swapWithPermit } = harness(chain);
  try {
    await t.step("exact output split: 120000 UNI bought with ether over two routes, the rest refunded", async () => {
      const uniT = T(UNI, "UNI", 18);
      const amount = parseEther("120000");
      const found = await trade(ETH, uniT, amount, "exactOut");
      assert.ok(found);
      assert.equal(found.legs.length, 2, "a split");
      assert.equal(found.legs[0].quote.amountOut + found.legs[1].quote.amountOut, amount);
      // The best single route (V2, V3 or V4) costs more.
      const singles = await Promise.all(
        swapCandidates(ETH, uniT, C).map((route) => quoteRoute(call, C, route, "exactOut", amount)),
      );
      const single = bestQuote(singles);
      assert.ok(single && single.amountIn > found.amountIn, `split ${found.amountIn} vs single ${single?.amountIn}`);
      const plan = buildUniversalTrade(found, {
        contracts: C,
        tokenIn: ETH,
        tokenOut: uniT,
        recipient: me,
        slippageBps: 100,
        deadline: deadline(),
      });
      const names = commandNames(plan.tx.data);
      assert.ok(names.filter((n) => n.endsWith("EXACT_OUT") || n === "V4_SWAP").length === 2, names.join());
      assert.equal(plan.tx.value, plan.maximumIn);
      const eth0 = BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
      const uni0 = await balance(UNI);
      await send(plan.tx);
      assert.equal((await balance(UNI)) - uni0, amount);
      const spent = eth0 - BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
      assert.ok(
        spent >= found.amountIn && spent < found.amountIn + parseEther("0.01"),
        `${spent} vs ${found.amountIn}`,
      );
    });

    await t.step("a split of ether across V3 and the hooked V4 pool, one execute; USDC → ether out", async () => {
      const v3: Route = { protocol: "V3", hops: [{ tokenIn: C.wrappedNative, tokenOut: USDC, fee: 500 }] };
      const hooked = KNOWN_V4_HOOKS[0];
      const v4: Route = {
        protocol: "V4",
        hops: [{ tokenIn: "0x0000000000000000000000000000000000000000", tokenOut: USDC, ...hooked, tickSpacing: 60 }],
      };
      const [a, b] = await Promise.all([
        quoteRoute(call, C, v3, "exactIn", parseEther("0.6")),
        quoteRoute(call, C, v4, "exactIn", parseEther("0.4")),
      ]);
      assert.ok(a && b);
      const split: Trade = {
        kind: "exactIn",
        amountIn: parseEther("1"),
        amountOut: a.amountOut + b.amountOut,
        gasEstimate: a.gasEstimate + b.gasEstimate,
        legs: [{ quote: a, shareBps: 6000 }, { quote: b, shareBps: 4000 }],
      };
      const usdcT = T(USDC, "USDC", 6);
      const plan = buildUniversalTrade(split, {
        contracts: C,
        tokenIn: ETH,
        tokenOut: usdcT,
        recipient: me,
        slippageBps: 50,
        deadline: deadline(),
      });
      assert.deepEqual(commandNames(plan.tx.data), ["WRAP_ETH", "V3_SWAP_EXACT_IN", "V4_SWAP"]);
      assert.equal(plan.tx.value, parseEther("1"));
      const usdc0 = await balance(USDC);
      const receipt = await send(plan.tx);
      assert.ok(receipt.logs.some((l) => getAddress(l.address) === C.v4PoolManager && l.topics[0] === SWAP_TOPIC));
      assert.ok((await balance(USDC)) - usdc0 >= plan.minimumOut);

      const back = await trade(usdcT, ETH, parseUnits("3000", 6));
      assert.ok(back);
      const eth0 = BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
      const { plan: sold } = await swapWithPermit(back, usdcT, ETH);
      const eth1 = BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"]));
      // Two transactions' gas (approval and swap) aside, at least the minimum came in.
      assert.ok(eth1 - eth0 + parseEther("0.02") >= sold.minimumOut, `${eth1 - eth0}`);
    });
  } finally {
    await chain.close();
  }
});
