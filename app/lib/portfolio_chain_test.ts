import assert from "node:assert/strict";
import { chainBalances, wholeTokens } from "./portfolio_chain.ts";

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
