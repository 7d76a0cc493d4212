import assert from "node:assert/strict";
import { chainBalances, pairValueUsd, wholeTokens } from "./portfolio_chain.ts";

const base = { logoUrl: null, name: "Token" };

Deno.test("on-chain balances: whole tokens, USD at the gateway's price, zero balances left out, total of priced rows", () => {
  assert.equal(wholeTokens(9_999_123_456_789_000_000_000n, 18), 9999.123456789);
  assert.equal(wholeTokens(1_500_000n, 6), 1.5);
  const balances = chainBalances("ETHEREUM", [
    { ...base, address: null, symbol: "ETH", price: 3000, decimals: 18, raw: 2n * 10n ** 18n },
    {
      ...base,
      address: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
      symbol: "USDC",
      price: 1,
      decimals: 6,
      raw: 1_500_000n,
    },
    {
      ...base,
      address: "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984",
      symbol: "UNI",
      price: null,
      decimals: 18,
      raw: 10n ** 18n,
    },
    { ...base, address: "0x6b175474e89094c44da98b954eedeac495271d0f", symbol: "DAI", price: 1, decimals: 18, raw: 0n },
  ]);
  assert.deepEqual(balances.rows.map((r) => [r.symbol, r.quantity, r.value]), [
    ["ETH", 2, 6000],
    ["USDC", 1.5, 1.5],
    ["UNI", 1, null],
  ]);
  assert.equal(balances.total, 6001.5);
  assert.equal(balances.rows[0].href, "/explore/tokens/ethereum/NATIVE");
  assert.equal(balances.change24hPercent, null, "no invented change");
  assert.equal(chainBalances("ETHEREUM", []).total, 0);
  assert.equal(
    chainBalances("ETHEREUM", [{ ...base, address: null, symbol: "X", price: null, decimals: 0, raw: 1n }]).total,
    null,
  );
});

Deno.test("a position's USD value: both sides at their prices; unknown when a side holding something has none", () => {
  const pair = {
    token0: { address: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", decimals: 6 },
    token1: { address: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2", decimals: 18 },
  };
  const prices = new Map([
    ["0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", { price: 1 }],
    ["0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2", { price: 3000 }],
  ]);
  assert.equal(pairValueUsd(pair, { amount0: 1_000_000_000n, amount1: 5n * 10n ** 17n }, prices), 2500);
  assert.equal(pairValueUsd(pair, null, prices), null);
  const noWeth = new Map([["0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48", { price: 1 }]]);
  assert.equal(pairValueUsd(pair, { amount0: 1_000_000n, amount1: 0n }, noWeth), 1, "an empty side needs no price");
  assert.equal(pairValueUsd(pair, { amount0: 1_000_000n, amount1: 1n }, noWeth), null);
});

Deno.test("chainBalances: each row's 24 h change, and the total's when every priced row has one", () => {
  const holding = (symbol: string, price: number, change24h: number | null, raw: bigint) => ({
    address: symbol === "ETH" ? null : `0x${symbol.toLowerCase().padStart(40, "0")}`,
    symbol,
    name: symbol,
    logoUrl: null,
    price,
    change24h,
    decimals: 0,
    raw,
  });
  const both = chainBalances("ETHEREUM", [holding("ETH", 100, 10, 2n), holding("USDC", 1, 0, 90n)]);
  assert.deepEqual(both.rows.map((r) => [r.symbol, r.change24h]), [["ETH", 10], ["USDC", 0]]);
  // 200 worth of ether was 200 / 1.1 yesterday; 90 USDC unchanged.
  const before = 200 / 1.1 + 90;
  assert.ok(Math.abs(both.change24hAbsolute! - (290 - before)) < 1e-9);
  assert.ok(Math.abs(both.change24hPercent! - (290 / before - 1) * 100) < 1e-9);
  const unknown = chainBalances("ETHEREUM", [holding("ETH", 100, null, 2n), holding("USDC", 1, 0, 90n)]);
  assert.equal(unknown.change24hPercent, null);
  assert.equal(unknown.rows[0].change24h, null);
});
