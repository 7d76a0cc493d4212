import assert from "node:assert/strict";
import { encodeAbiParameters, encodeEventTopics, type Log, pad, parseAbi } from "viem";
import { swapAmounts } from "./swap.ts";

const ABI = parseAbi([
  "event Transfer(address indexed from, address indexed to, uint256 value)",
  "event Deposit(address indexed dst, uint256 wad)",
  "event Withdrawal(address indexed src, uint256 wad)",
]);
const ME = "0x70997970C51812dc3A010C7d01b50e0d17dc79C8";
const POOL = "0x1d42064Fc4Beb5F8aAF85F4617AE8b3b5B8Bd801";
const ROUTER = "0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const UNI = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

function log(address: `0x${string}`, topics: readonly unknown[], value: bigint): Log {
  return {
    address,
    topics: topics as [`0x${string}`, ...`0x${string}`[]],
    data: encodeAbiParameters([{ type: "uint256" }], [value]),
    blockHash: pad("0x1", { size: 32 }),
    blockNumber: 1n,
    logIndex: 0,
    transactionHash: pad("0x2", { size: 32 }),
    transactionIndex: 0,
    removed: false,
  };
}
const transfer = (token: `0x${string}`, from: `0x${string}`, to: `0x${string}`, value: bigint) =>
  log(token, encodeEventTopics({ abi: ABI, eventName: "Transfer", args: { from, to } }), value);
const deposit = (dst: `0x${string}`, wad: bigint) =>
  log(WETH, encodeEventTopics({ abi: ABI, eventName: "Deposit", args: { dst } }), wad);
const withdrawal = (src: `0x${string}`, wad: bigint) =>
  log(WETH, encodeEventTopics({ abi: ABI, eventName: "Withdrawal", args: { src } }), wad);

Deno.test("swap amounts: ether in by the router's deposits, tokens out by transfers to the account (two legs)", () => {
  const logs = [
    deposit(ROUTER, 700n),
    transfer(WETH, ROUTER, POOL, 700n),
    transfer(UNI, POOL, ME, 2000n),
    deposit(ROUTER, 300n),
    transfer(UNI, POOL, ME, 800n),
    transfer(UNI, POOL, POOL, 5n), // not to the account
  ];
  assert.deepEqual(swapAmounts(logs, { account: ME, tokenIn: "native", tokenOut: UNI, wrappedNative: WETH }), {
    amountIn: 1000n,
    amountOut: 2800n,
  });
});

Deno.test("swap amounts: tokens in by transfers from the account, ether out by the unwrap", () => {
  const logs = [
    transfer(USDC, ME, POOL, 100_000_000n),
    transfer(WETH, POOL, ROUTER, 33n),
    withdrawal(ROUTER, 33n),
    transfer(USDC, POOL, ME, 1n), // a refund-like transfer of the input token to the account is not "out"
  ];
  assert.deepEqual(swapAmounts(logs, { account: ME, tokenIn: USDC, tokenOut: "native", wrappedNative: WETH }), {
    amountIn: 100_000_000n,
    amountOut: 33n,
  });
  assert.deepEqual(swapAmounts([], { account: ME, tokenIn: USDC, tokenOut: UNI, wrappedNative: WETH }), {
    amountIn: 0n,
    amountOut: 0n,
  });
});
