import assert from "node:assert/strict";
import { ETHEREUM_CONTRACTS as C } from "./chains.ts";
import { v2PairAddress, v3PoolAddress, v4PoolId, v4PoolKey, v4TickSpacing } from "./pool_address.ts";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const USDT = "0xdAC17F958D2ee523a2206206994597C13D831ec7";

Deno.test("pool addresses: Ethereum's own pairs and pools, in either token order", () => {
  assert.equal(v2PairAddress(C.v2Factory, USDC, WETH), "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc");
  assert.equal(v2PairAddress(C.v2Factory, WETH, USDC), "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc");
  assert.equal(v2PairAddress(C.v2Factory, WETH, USDT), "0x0d4a11d5EEaaC28EC3F61d100daF4d40471f1852");
  assert.equal(v3PoolAddress(C.v3Factory, WETH, USDC, { fee: 500 }), "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640");
  assert.equal(v3PoolAddress(C.v3Factory, USDC, WETH, { fee: 3000 }), "0x8ad599c3A0ff1De082011EFDDc58f1908eb6e6D8");
  assert.equal(
    v2PairAddress(C.v2Factory, USDC.toLowerCase(), WETH.toUpperCase().replace("0X", "0x")),
    v2PairAddress(C.v2Factory, USDC, WETH),
  );
  assert.throws(() => v2PairAddress(C.v2Factory, USDC, USDC.toLowerCase()), /with itself/);
});

Deno.test("v4PoolKey sorts the currencies, native first; v4PoolId is Ethereum's pool id", () => {
  const usdc = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
  const key = v4PoolKey(usdc, null, { fee: 500 });
  assert.equal(key.currency0, "0x0000000000000000000000000000000000000000");
  assert.equal(key.currency1, "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  assert.equal(key.tickSpacing, 10);
  // Ethereum's ETH/USDC 0.05% V4 pool.
  assert.equal(v4PoolId(key), "0x21c67e77068de97969ba93d4aab21826d33ca12bb9f565d8496e8fda8a82ca27");
  const dynamic = v4PoolKey(null, usdc, {
    fee: 3000,
    isDynamicFee: true,
    hooks: "0x00000000000000000000000000000000de101000",
  });
  assert.equal(dynamic.fee, 0x800000);
  assert.equal(dynamic.tickSpacing, 60);
  assert.equal(dynamic.hooks, "0x00000000000000000000000000000000DE101000");
  assert.deepEqual([100, 500, 3000, 10000].map((fee) => v4TickSpacing(fee, false)), [1, 10, 60, 200]);
  assert.throws(() => v4PoolKey(null, "0x0000000000000000000000000000000000000000", { fee: 500 }), /with itself/);
});
