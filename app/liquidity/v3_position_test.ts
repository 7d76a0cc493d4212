import assert from "node:assert/strict";
import {
  decodeFunctionData,
  decodeFunctionResult,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  maxUint128,
  maxUint256,
  parseEther,
  toHex,
  zeroAddress,
} from "viem";
import type { Address } from "../../lib/address.ts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { USDC_WETH_V3_POOL } from "../../demo_gateway/fixtures.ts";
import { DEV_ACCOUNTS, startDemoChain } from "../../demo_chain/mod.ts";
import { buildSwap } from "../swap/swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";
import {
  amount0ForAmount1,
  amount1ForAmount0,
  amountsForLiquidity,
  buildCollect,
  buildIncrease,
  buildMint,
  buildRemove,
  nearestUsableTick,
  NPM_ABI,
  positionOf,
  type PositionTuple,
  priceToTick,
  readPool,
  sortTokens,
  sqrtRatioAtTick,
  tickToPrice,
  uncollectedFees,
  type V3Position,
} from "./v3_position.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");

/** The newest position `owner` holds (it must hold one), read from the manager as the page's reads decode it (`positionOf`). */
async function newestPosition(call: ChainCall, owner: Address): Promise<V3Position> {
  const ask = async (functionName: "balanceOf" | "tokenOfOwnerByIndex" | "positions", args: readonly unknown[]) =>
    decodeFunctionResult({
      abi: NPM_ABI,
      functionName,
      data: await call({
        to: C.v3PositionManager,
        data: encodeFunctionData({ abi: NPM_ABI, functionName, args } as never),
      }),
    } as never);
  const count = await ask("balanceOf", [owner]) as bigint;
  assert.ok(count > 0n, `${owner} holds no position`);
  const id = await ask("tokenOfOwnerByIndex", [owner, count - 1n]) as bigint;
  return positionOf(id, await ask("positions", [id]) as PositionTuple);
}

Deno.test("V3 ticks and prices: round trips, usable ticks, square-root prices", () => {
  // USDC (6) priced in WETH (18): 1 USDC = 1/3180.42 WETH
  const tick = priceToTick(1 / 3180.42, 6, 18);
  assert.ok(Math.abs(tickToPrice(tick, 6, 18) * 3180.42 - 1) < 0.0002);
  assert.equal(nearestUsableTick(-123, 60), -120);
  assert.equal(nearestUsableTick(900_000, 60), 887220);
  assert.equal(sqrtRatioAtTick(0), 2n ** 96n);
  assert.throws(() => priceToTick(0, 18, 18), /expected a positive number/);
  assert.deepEqual(sortTokens(USDC, C.wrappedNative), [USDC, C.wrappedNative]);
});

Deno.test("V3 amounts: one side follows the other inside the range, one-sided outside", () => {
  const p = sqrtRatioAtTick(0);
  const one = amount1ForAmount0(p, -600, 600, 1_000_000n)!;
  assert.ok(one > 990_000n && one < 1_010_000n, String(one)); // symmetric range at price 1
  const back = amount0ForAmount1(p, -600, 600, one)!;
  assert.ok(back > 999_000n && back <= 1_000_000n, String(back));
  assert.equal(amount1ForAmount0(p, 60, 600, 1000n), 0n); // range above the price: token0 only
  assert.equal(amount1ForAmount0(p, -600, -60, 1000n), null); // below: token1 only
  const { amount0, amount1 } = amountsForLiquidity(p, -600, 600, 10n ** 18n);
  assert.ok(amount0 > 0n && amount1 > 0n);
  assert.deepEqual(amountsForLiquidity(p, 60, 600, 10n ** 18n).amount1, 0n);
});

Deno.test("V3 calls: mint creates the pool when asked and refunds ether; remove bounds from the slippage", () => {
  const options = { contracts: C, recipient: DEV_ACCOUNTS[0] as Address, slippageBps: 50, deadline: 2_000_000_000n };
  const mint = buildMint({
    token0: USDC,
    token1: C.wrappedNative,
    fee: 500,
    tickLower: -10,
    tickUpper: 10,
    amount0: 1000n,
    amount1: 0n,
    initialSqrtPriceX96: 2n ** 96n,
    nativeValue: 5n,
  }, options);
  assert.equal(mint.label, "NonfungiblePositionManager.multicall(createAndInitializePoolIfNecessary, mint, refundETH)");
  assert.equal(mint.value, 5n);
  assert.deepEqual([mint.amount0Min, mint.amount1Min], [995n, 0n]);
  assert.throws(
    () =>
      buildMint({
        token0: USDC,
        token1: C.wrappedNative,
        fee: 500,
        tickLower: 10,
        tickUpper: 10,
        amount0: 1n,
        amount1: 1n,
      }, options),
    /minimum price must be below the maximum price/,
  );
  const position = {
    tokenId: 1n,
    token0: USDC,
    token1: C.wrappedNative,
    fee: 500,
    tickLower: -600,
    tickUpper: 600,
    liquidity: 10n ** 18n,
    tokensOwed0: 0n,
    tokensOwed1: 0n,
  };
  assert.throws(() => buildRemove(position, 0n, 2n ** 96n, options), /Cannot remove 0/);
  assert.throws(() => buildRemove(position, 10n ** 18n + 1n, 2n ** 96n, options), /Cannot remove/);
  const remove = buildRemove(position, 10n ** 18n / 2n, 2n ** 96n, options);
  assert.ok(remove.amount0Min > 0n && remove.amount1Min > 0n);
  assert.equal(buildCollect(position, options).label, "NonfungiblePositionManager.collect");

  // Ether out: collect to the manager itself, unwrap the WETH side and sweep the other, each with its minimum.
  const native = buildRemove(position, 10n ** 18n / 2n, 2n ** 96n, { ...options, nativeOut: true });
  assert.equal(
    native.label,
    "NonfungiblePositionManager.multicall(decreaseLiquidity, collect, unwrapWETH9, sweepToken)",
  );
  const [, collect, unwrap, sweep] = decodeFunctionData({ abi: NPM_ABI, data: native.data }).args[0] as Hex[];
  const collectArgs = decodeFunctionData({ abi: NPM_ABI, data: collect });
  assert.equal(collectArgs.functionName, "collect");
  assert.equal((collectArgs.args[0] as { recipient: Address }).recipient, zeroAddress);
  assert.deepEqual(decodeFunctionData({ abi: NPM_ABI, data: unwrap }).args, [native.amount1Min, options.recipient]);
  assert.deepEqual(decodeFunctionData({ abi: NPM_ABI, data: sweep }).args, [
    USDC,
    native.amount0Min,
    options.recipient,
  ]);
  const fees = buildCollect(position, { ...options, nativeOut: true, expected: { amount0: 7n, amount1: 9n } });
  assert.equal(fees.label, "NonfungiblePositionManager.multicall(collect, unwrapWETH9, sweepToken)");
  const [, unwrapFees, sweepFees] = decodeFunctionData({ abi: NPM_ABI, data: fees.data }).args[0] as Hex[];
  assert.deepEqual(decodeFunctionData({ abi: NPM_ABI, data: unwrapFees }).args, [9n, options.recipient]);
  assert.deepEqual(decodeFunctionData({ abi: NPM_ABI, data: sweepFees }).args, [USDC, 7n, options.recipient]);
  // A pair without WETH has nothing to unwrap: a plain collect to the recipient.
  const plain = buildCollect({ ...position, token1: getAddress("0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984") }, {
    ...options,
    nativeOut: true,
  });
  assert.equal(plain.label, "NonfungiblePositionManager.collect");
});

/** Reads, simulations and sends against a demo chain as `me` (impersonated), for the test below. */
function chainHelpers(chain: Awaited<ReturnType<typeof startDemoChain>>, me: Address, deadline: bigint) {
  const call: ChainCall = ({ to, data }) => chain.node.request<Hex>("eth_call", [{ to, data }, "latest"]);
  const simulateAs = (c: { from: Address; to: Address; data: Hex }) =>
    chain.node.request<Hex>("eth_call", [c, "latest"]);
  /** Sends as `from` and returns the ether the gas cost. */
  const send = async (tx: { to: Address; data: Hex; value: bigint }, from: Address = me) => {
    const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
      from,
      to: tx.to,
      data: tx.data,
      value: toHex(tx.value),
    }]);
    const receipt = await chain.node.request<{ status: Hex; gasUsed: Hex; effectiveGasPrice: Hex }>(
      "eth_getTransactionReceipt",
      [hash],
    );
    assert.equal(receipt.status, "0x1");
    return BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice);
  };
  const erc20 = async (token: Address) =>
    decodeFunctionResult({
      abi: erc20Abi,
      functionName: "balanceOf",
      data: await call({
        to: token,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }),
      }),
    });
  /** What decreasing `liquidity` then collecting everything would pay now (simulated, nothing sent). */
  const uncollectedFeesAfterDecrease = async (tokenId: bigint, liquidity: bigint) => {
    const data = encodeFunctionData({
      abi: NPM_ABI,
      functionName: "multicall",
      args: [[
        encodeFunctionData({
          abi: NPM_ABI,
          functionName: "decreaseLiquidity",
          args: [{ tokenId, liquidity, amount0Min: 0n, amount1Min: 0n, deadline: deadline }],
        }),
        encodeFunctionData({
          abi: NPM_ABI,
          functionName: "collect",
          args: [{ tokenId, recipient: me, amount0Max: maxUint128, amount1Max: maxUint128 }],
        }),
      ]],
    });
    const results = decodeFunctionResult({
      abi: NPM_ABI,
      functionName: "multicall",
      data: await simulateAs({ from: me, to: C.v3PositionManager, data }),
    });
    const [amount0, amount1] = decodeFunctionResult({ abi: NPM_ABI, functionName: "collect", data: results[1] });
    return { amount0, amount1 };
  };
  return { call, simulateAs, send, erc20, uncollectedFeesAfterDecrease };
}

Deno.test("against the demo chain: open a USDC/WETH position, read it, increase, earn fees, remove half and collect as ether", async () => {
  const chain = await startDemoChain();
  try {
    const me = DEV_ACCOUNTS[4] as Address;
    await chain.node.request("hardhat_impersonateAccount", [me]);
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const { call, simulateAs, send, erc20, uncollectedFeesAfterDecrease } = chainHelpers(chain, me, deadline);
    const options = {
      contracts: C,
      recipient: me,
      slippageBps: 100,
      deadline,
    };

    const pool = await readPool(call, C, C.wrappedNative, USDC, 500);
    assert.ok(pool);
    assert.equal(pool.address, getAddress(USDC_WETH_V3_POOL.address));
    assert.equal(pool.token0, USDC);
    const price = 1 / tickToPrice(pool.tick, 6, 18); // USDC per WETH
    assert.ok(Math.abs(price - 3180.42) / 3180.42 < 0.001, `price ${price}`);

    const tickLower = nearestUsableTick(pool.tick - 2000, pool.tickSpacing);
    const tickUpper = nearestUsableTick(pool.tick + 2000, pool.tickSpacing);
    const amount0 = 1_000_000_000n; // 1000 USDC
    const amount1 = amount1ForAmount0(pool.sqrtPriceX96, tickLower, tickUpper, amount0)!;
    await send({
      to: USDC,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [C.v3PositionManager, maxUint256] }),
      value: 0n,
    });
    // WETH side paid in ether: the manager wraps it and refunds the rest.
    await send(
      buildMint({
        token0: USDC,
        token1: C.wrappedNative,
        fee: 500,
        tickLower,
        tickUpper,
        amount0,
        amount1,
        nativeValue: amount1,
      }, options),
    );

    const position = await newestPosition(call, me);
    assert.ok(position);
    assert.deepEqual([position.token0, position.token1, position.fee, position.tickLower, position.tickUpper], [
      USDC,
      C.wrappedNative,
      500,
      tickLower,
      tickUpper,
    ]);
    assert.ok(position.liquidity > 0n);

    await send(buildIncrease(position.tokenId, { amount0, amount1, nativeValue: amount1 }, options));
    const bigger = await newestPosition(call, me);
    assert.ok(bigger.liquidity > position.liquidity * 19n / 10n);

    // Someone swaps through the pool: the position earns fees.
    const trader = DEV_ACCOUNTS[9] as Address;
    await chain.node.request("hardhat_impersonateAccount", [trader]);
    const swapQuote = {
      route: { protocol: "V3", hops: [{ tokenIn: C.wrappedNative, tokenOut: USDC, fee: 500 }] },
      kind: "exactIn",
      amountIn: parseEther("10"),
      amountOut: 1n,
      gasEstimate: 0n,
    } as const;
    const swapOptions = {
      contracts: C,
      tokenIn: { address: "native", symbol: "ETH", decimals: 18 },
      tokenOut: { address: USDC, symbol: "USDC", decimals: 6 },
      recipient: trader,
      slippageBps: 0,
      deadline: options.deadline,
    } as const;
    await send(buildSwap(swapQuote, swapOptions).tx, trader);
    const fees = await uncollectedFees(simulateAs, C, bigger.tokenId, me);
    assert.ok(fees.amount1 > 0n, "fees in WETH from an ETH -> USDC swap");

    // Remove half with ether out: the WETH side and the fees arrive as ether, no WETH, the USDC side as USDC.
    const balances = async () => ({
      eth: BigInt(await chain.node.request<Hex>("eth_getBalance", [me, "latest"])),
      weth: await erc20(C.wrappedNative),
      usdc: await erc20(USDC),
    });
    const now = (await readPool(call, C, USDC, C.wrappedNative, 500))!;
    const remove = buildRemove(bigger, bigger.liquidity / 2n, now.sqrtPriceX96, { ...options, nativeOut: true });
    // What the position pays: the removed amounts plus every fee, as a simulated decrease + collect reports.
    const owed = await uncollectedFeesAfterDecrease(bigger.tokenId, bigger.liquidity / 2n);
    const before = await balances();
    const gas = await send(remove);
    const after = await balances();
    assert.equal(after.weth, before.weth, "no WETH paid out");
    assert.equal(after.eth - before.eth + gas, owed.amount1, "the WETH side and its fees paid as ether");
    assert.ok(owed.amount1 >= remove.amount1Min && owed.amount1 > 0n);
    assert.equal(after.usdc - before.usdc, owed.amount0);
    const half = await newestPosition(call, me);
    assert.equal(half.liquidity, bigger.liquidity - bigger.liquidity / 2n);
    assert.deepEqual(await uncollectedFees(simulateAs, C, half.tokenId, me), { amount0: 0n, amount1: 0n });

    // New fees, collected as ether: exactly what the simulated collect said, minus nothing but gas.
    await send(
      buildSwap(
        { ...swapQuote, amountIn: parseEther("5") },
        { ...swapOptions, recipient: trader },
      ).tx,
      trader,
    );
    const earned = await uncollectedFees(simulateAs, C, half.tokenId, me);
    assert.ok(earned.amount1 > 0n);
    const collect = buildCollect(half, { ...options, nativeOut: true, expected: earned });
    const beforeCollect = await balances();
    const collectGas = await send(collect);
    const afterCollect = await balances();
    assert.equal(afterCollect.eth - beforeCollect.eth + collectGas, earned.amount1);
    assert.equal(afterCollect.weth, beforeCollect.weth);
    assert.equal(afterCollect.usdc - beforeCollect.usdc, earned.amount0);
    assert.deepEqual(await uncollectedFees(simulateAs, C, half.tokenId, me), { amount0: 0n, amount1: 0n });
  } finally {
    await chain.close();
  }
});
