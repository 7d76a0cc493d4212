import assert from "node:assert/strict";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, maxUint256, parseEther, toHex } from "viem";
import { type Address, ETHEREUM_CONTRACTS as C } from "../../lib/evm_chains.ts";
import { USDC_WETH_V3_POOL } from "../../demo_gateway/fixtures.ts";
import { DEV_ACCOUNTS, startDemoChain } from "../../demo_chain/mod.ts";
import type { ChainCall } from "./wallet_swap.ts";
import {
  amount0ForAmount1,
  amount1ForAmount0,
  amountsForLiquidity,
  buildCollect,
  buildIncrease,
  buildMint,
  buildRemove,
  nearestUsableTick,
  priceToTick,
  readPool,
  readPositions,
  sortTokens,
  sqrtRatioAtTick,
  tickToPrice,
  uncollectedFees,
} from "./wallet_v3.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");

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
  assert.equal(buildCollect(1n, options).label, "NonfungiblePositionManager.collect");
});

Deno.test("against the demo chain: open a USDC/WETH position, read it, increase, earn fees, remove half, collect", async () => {
  const chain = await startDemoChain();
  try {
    const call: ChainCall = ({ to, data }) => chain.node.request<Hex>("eth_call", [{ to, data }, "latest"]);
    const simulateAs = (c: { from: Address; to: Address; data: Hex }) =>
      chain.node.request<Hex>("eth_call", [c, "latest"]);
    const me = DEV_ACCOUNTS[4] as Address;
    await chain.node.request("hardhat_impersonateAccount", [me]);
    const send = async (tx: { to: Address; data: Hex; value: bigint }, from: Address = me) => {
      const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
        from,
        to: tx.to,
        data: tx.data,
        value: toHex(tx.value),
      }]);
      const receipt = await chain.node.request<{ status: Hex }>("eth_getTransactionReceipt", [hash]);
      assert.equal(receipt.status, "0x1");
    };
    const options = {
      contracts: C,
      recipient: me,
      slippageBps: 100,
      deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
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

    const [position] = await readPositions(call, C, me);
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
    const [bigger] = await readPositions(call, C, me);
    assert.ok(bigger.liquidity > position.liquidity * 19n / 10n);

    // Someone swaps through the pool: the position earns fees.
    const trader = DEV_ACCOUNTS[9] as Address;
    await chain.node.request("hardhat_impersonateAccount", [trader]);
    const { buildSwap } = await import("./wallet_swap.ts");
    const swap = buildSwap(
      {
        route: { protocol: "V3", hops: [{ tokenIn: C.wrappedNative, tokenOut: USDC, fee: 500 }] },
        kind: "exactIn",
        amountIn: parseEther("10"),
        amountOut: 1n,
        gasEstimate: 0n,
      },
      {
        contracts: C,
        tokenIn: { address: "native", symbol: "ETH", decimals: 18 },
        tokenOut: { address: USDC, symbol: "USDC", decimals: 6 },
        recipient: trader,
        slippageBps: 0,
        deadline: options.deadline,
      },
    );
    await send(swap.tx, trader);
    const fees = await uncollectedFees(simulateAs, C, bigger.tokenId, me);
    assert.ok(fees.amount1 > 0n, "fees in WETH from an ETH -> USDC swap");

    const now = (await readPool(call, C, USDC, C.wrappedNative, 500))!;
    await send(buildRemove(bigger, bigger.liquidity / 2n, now.sqrtPriceX96, options));
    const [half] = await readPositions(call, C, me);
    assert.equal(half.liquidity, bigger.liquidity - bigger.liquidity / 2n);
    assert.deepEqual(await uncollectedFees(simulateAs, C, half.tokenId, me), { amount0: 0n, amount1: 0n });

    await send(buildCollect(half.tokenId, options));
  } finally {
    await chain.close();
  }
});
