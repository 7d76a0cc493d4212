import assert from "node:assert/strict";
import { defaultPair } from "./default_pair.ts";

const WETH = "0xc02aaa39b223fe8d0a0e5c4f27ead083c756cc2";
const USDC = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
const AAVE = "0x7fc66500c84a76ad7e9c93437bfc5ac33e2ddae9";

Deno.test("default pair: the native token, then a listed stablecoin or the first top token that is neither it nor its wrapper", () => {
  assert.deepEqual(defaultPair([WETH, "NATIVE", USDC, AAVE], WETH, null, null), ["NATIVE", USDC]);
  assert.deepEqual(defaultPair([WETH, AAVE], WETH, null, null), [WETH, AAVE], "no native listed: the first token");
  assert.deepEqual(defaultPair(["NATIVE", USDC], WETH, AAVE, null), [AAVE, USDC], "the URL's input kept");
  assert.deepEqual(defaultPair(["NATIVE", USDC], WETH, null, USDC), ["NATIVE", USDC]);
  assert.deepEqual(
    defaultPair(["NATIVE", USDC], WETH, "NATIVE", "NATIVE"),
    ["NATIVE", USDC],
    "never a token with itself",
  );
});
