import assert from "node:assert/strict";
import { firstScreenTokens, type TokenOption } from "./trade_loader.ts";
import { defaultPair } from "./default_pair.ts";

function option(symbol: string, key: string): TokenOption {
  return { key, symbol, name: symbol, logoUrl: null, price: 1, href: `/explore/tokens/ethereum/${key}` };
}

const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
const ALL = [
  option("WETH", WETH),
  option("UNI", "0x01"),
  option("LINK", "0x02"),
  option("AAVE", "0x03"),
  ...Array.from({ length: 40 }, (_, i) => option(`T${i}`, `0x1${i}`)),
  option("DAI", "0x04"),
  option("ETH", "NATIVE"),
  option("USDT", "0x05"),
  option("USDC", "0x06"),
  option("MKR", "0x07"),
];

function pair(tokens: readonly TokenOption[], input: string | null, output: string | null) {
  return defaultPair(tokens.map((t) => t.key), WETH, input, output, new Map(tokens.map((t) => [t.key, t.symbol])));
}

Deno.test("first screen tokens: a few, in the list's order, with what the default picks need", () => {
  const shown = firstScreenTokens(ALL, WETH, null, "0x07");
  assert.deepEqual(shown.map((t) => t.symbol), ["WETH", "UNI", "LINK", "AAVE", "DAI", "ETH", "USDT", "USDC", "MKR"]);
  assert.ok(shown.length < ALL.length / 4);
});

Deno.test("first screen tokens: every default pick over them is the pick over the whole list", () => {
  const withoutNative = ALL.filter((t) => t.key !== "NATIVE");
  const withoutStables = ALL.filter((t) => !["USDC", "USDT", "DAI"].includes(t.symbol));
  for (const all of [ALL, withoutNative, withoutStables]) {
    for (const [input, output] of [[null, null], ["0x02", null], [null, "0x03"], ["0x15", "0x16"], [WETH, null]]) {
      const shown = firstScreenTokens(all, WETH, input, output);
      assert.deepEqual(pair(shown, input, output), pair(all, input, output));
      // The trade frames' defaults: the first two tokens, or the URL's.
      assert.deepEqual(shown.slice(0, 2), all.slice(0, 2));
      for (const key of [input, output]) if (key) assert.ok(shown.some((t) => t.key === key));
    }
  }
});
