import assert from "node:assert/strict";
import { encodeFunctionData, erc20Abi, getAddress, type Hex, parseEther, toHex } from "viem";
import type { Address } from "../../lib/address.ts";
import { ETHEREUM_CONTRACTS as C } from "../../lib/chains.ts";
import { USDC_WETH_V2_PAIR } from "../../demo_gateway/fixtures.ts";
import { DEV_ACCOUNTS, startDemoChain } from "../../demo_chain/mod.ts";
import type { SwapToken } from "../swap/swap_routes.ts";
import type { ChainCall } from "../lib/tx_request.ts";
import {
  buildAddLiquidity,
  buildRemoveLiquidity,
  matchingAmount,
  readPair,
  removalAmounts,
  type V2Pair,
} from "./v2_pair.ts";

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const ETH: SwapToken = { address: "native", symbol: "ETH", decimals: 18 };
const USDC_T: SwapToken = { address: USDC, symbol: "USDC", decimals: 6 };
const PAIR: V2Pair = { address: USDC, reserveA: 1_000n, reserveB: 3_000n, totalSupply: 500n };
const OPTIONS = { contracts: C, recipient: DEV_ACCOUNTS[0] as Address, slippageBps: 100, deadline: 2_000_000_000n };

Deno.test("V2 amounts: the matching side at the pair's ratio, a removal's share", () => {
  assert.equal(matchingAmount(10n, PAIR), 30n);
  assert.equal(matchingAmount(10n, { ...PAIR, reserveA: 0n }), 0n);
  assert.deepEqual(removalAmounts(50n, PAIR), { amountA: 100n, amountB: 300n });
  assert.deepEqual(removalAmounts(50n, { ...PAIR, totalSupply: 0n }), { amountA: 0n, amountB: 0n });
});

Deno.test("V2 calls: minimums from the slippage, never 0; native through the ETH variants", () => {
  const add = buildAddLiquidity(ETH, USDC_T, { amountA: parseEther("1"), amountB: 3_000_000_000n }, OPTIONS);
  assert.equal(add.label, "UniswapV2Router02.addLiquidityETH");
  assert.equal(add.value, parseEther("1"));
  assert.equal(add.minimumA, parseEther("0.99"));
  assert.equal(add.minimumB, 2_970_000_000n);
  const tokens = buildAddLiquidity(
    USDC_T,
    { ...USDC_T, address: C.wrappedNative },
    { amountA: 100n, amountB: 100n },
    OPTIONS,
  );
  assert.equal(tokens.label, "UniswapV2Router02.addLiquidity");
  assert.equal(tokens.value, 0n);
  assert.throws(
    () => buildAddLiquidity(ETH, USDC_T, { amountA: 1n, amountB: 0n }, OPTIONS),
    /minimum received would be 0/,
  );
  const remove = buildRemoveLiquidity(USDC_T, ETH, 50n, PAIR, OPTIONS);
  assert.equal(remove.label, "UniswapV2Router02.removeLiquidityETH");
  assert.deepEqual([remove.minimumA, remove.minimumB], [99n, 297n]);
  assert.throws(() => buildRemoveLiquidity(USDC_T, ETH, 0n, PAIR, OPTIONS), /minimum received would be 0/);
});

Deno.test("against the demo chain: the USDC/WETH pair at Ethereum's address, add then remove liquidity", async () => {
  const chain = await startDemoChain();
  try {
    const call: ChainCall = ({ to, data }) => chain.node.request<Hex>("eth_call", [{ to, data }, "latest"]);
    const me = DEV_ACCOUNTS[6] as Address;
    const send = async (tx: { to: Address; data: Hex; value: bigint }) => {
      const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
        from: me,
        to: tx.to,
        data: tx.data,
        value: toHex(tx.value),
      }]);
      const receipt = await chain.node.request<{ status: Hex }>("eth_getTransactionReceipt", [hash]);
      assert.equal(receipt.status, "0x1");
    };
    const lp = async (pair: Address) =>
      BigInt(
        await call({ to: pair, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }) }),
      );
    await chain.node.request("hardhat_impersonateAccount", [me]);

    const pair = await readPair(call, C, ETH, USDC_T);
    assert.ok(pair);
    assert.equal(pair.address, getAddress(USDC_WETH_V2_PAIR.address));
    const usdcPerEth = Number(matchingAmount(parseEther("1"), pair)) / 1e6;
    assert.ok(Math.abs(usdcPerEth - 3180.42) < 1, `ratio ${usdcPerEth}`);

    const amountB = matchingAmount(parseEther("2"), pair);
    const add = buildAddLiquidity(ETH, USDC_T, { amountA: parseEther("2"), amountB }, { ...OPTIONS, recipient: me });
    await send({
      to: USDC,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [C.v2Router, amountB] }),
      value: 0n,
    });
    await send(add);
    const liquidity = await lp(pair.address);
    assert.ok(liquidity > 0n);

    const after = (await readPair(call, C, ETH, USDC_T))!;
    const remove = buildRemoveLiquidity(ETH, USDC_T, liquidity, after, { ...OPTIONS, recipient: me });
    await send({
      to: pair.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [C.v2Router, liquidity] }),
      value: 0n,
    });
    const usdcBefore = BigInt(
      await call({ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }) }),
    );
    await send(remove);
    assert.equal(await lp(pair.address), 0n);
    const usdcAfter = BigInt(
      await call({ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [me] }) }),
    );
    assert.ok(usdcAfter - usdcBefore >= remove.minimumB && remove.minimumB > 0n);
  } finally {
    await chain.close();
  }
});
