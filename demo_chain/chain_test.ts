import assert from "node:assert/strict";
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  erc20Abi,
  formatUnits,
  getAddress,
  http,
  keccak256,
  parseAbi,
  parseEther,
} from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { Catalog } from "../demo_gateway/catalog.ts";
import { USDC_WETH_V2_PAIR, USDC_WETH_V3_POOL } from "../demo_gateway/fixtures.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { DEV_ACCOUNTS, DEV_MNEMONIC, startDemoChain } from "./mod.ts";
import { fullRange, sqrtPriceX96 } from "./deploy.ts";
import { toUnits } from "./plan.ts";
import { ConfigError } from "../server/config.ts";
import { V2_PAIR_INIT_CODE_HASH, V3_POOL_INIT_CODE_HASH } from "../lib/pool_address.ts";
import v2Pair from "@uniswap/v2-core/build/UniswapV2Pair.json" with { type: "json" };
import v3Pool from "@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json" with { type: "json" };

const USDC = getAddress("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
const QUOTER_ABI = parseAbi([
  "function quoteExactInputSingle((address tokenIn, address tokenOut, uint256 amountIn, uint24 fee, uint160 sqrtPriceLimitX96) params) returns (uint256 amountOut, uint160 sqrtPriceX96After, uint32 initializedTicksCrossed, uint256 gasEstimate)",
]);
const ROUTER_ABI = parseAbi([
  "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
]);

Deno.test("toUnits and sqrtPriceX96 are exact where they can be", () => {
  assert.equal(toUnits(1.5, 6), 1_500_000n);
  assert.equal(toUnits(0.0000118, 18), 11_800_000_000_000n);
  assert.equal(toUnits(12, 0), 12n);
  assert.throws(() => toUnits(-1, 18), /Cannot convert -1 to token units/);
  // price 1 with equal decimals: sqrt is exactly 2^96
  assert.equal(sqrtPriceX96(5, 5, 18, 18), 2n ** 96n);
  // USDC (6) in WETH (18) at 3180.42: price1/0 in base units = 1e12 / 3180.42
  const sqrt = Number(sqrtPriceX96(1, 3180.42, 6, 18)) / 2 ** 96;
  assert.ok(Math.abs(sqrt * sqrt - 1e12 / 3180.42) / (1e12 / 3180.42) < 1e-12);
  assert.deepEqual(fullRange(60), { tickLower: -887220, tickUpper: 887220 });
});

Deno.test("the ten development accounts are the mnemonic's first ten", () => {
  for (let i = 0; i < 10; i++) {
    assert.equal(mnemonicToAccount(DEV_MNEMONIC, { addressIndex: i }).address, DEV_ACCOUNTS[i]);
  }
});

Deno.test("the demo chain holds the catalog's tokens and pools and trades at the demo prices", async (t) => {
  const chain = await startDemoChain();
  try {
    const client = createPublicClient({ transport: http(chain.url) });
    assert.equal(await client.getChainId(), 31337);

    await t.step("every Ethereum token of the catalog, same symbol, name and decimals, funded", async () => {
      const tokens = [...new Catalog().tokens.values()].filter((x) => x.chain === "ETHEREUM" && x.address);
      assert.equal(chain.report.tokens, tokens.length);
      for (const token of tokens) {
        const address = getAddress(token.address!.toLowerCase());
        const [symbol, name, decimals, balance] = await Promise.all([
          client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
          client.readContract({ address, abi: erc20Abi, functionName: "name" }),
          client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
          client.readContract({ address, abi: erc20Abi, functionName: "balanceOf", args: [DEV_ACCOUNTS[9]] }),
        ]);
        assert.deepEqual([symbol, name, decimals], [token.symbol ?? "", token.name ?? "", token.decimals], address);
        assert.ok(balance > 0n, `${token.symbol} balance`);
      }
      assert.equal(await client.getBalance({ address: DEV_ACCOUNTS[0] }), parseEther("10000"));
    });

    await t.step("the USDC/WETH pools sit at Ethereum's addresses (as the catalog says)", async () => {
      const pairCode = await client.getCode({ address: getAddress(USDC_WETH_V2_PAIR.address) });
      const poolCode = await client.getCode({ address: getAddress(USDC_WETH_V3_POOL.address) });
      assert.ok(pairCode && pairCode.length > 2 && poolCode && poolCode.length > 2);
      const fee = await client.readContract({
        address: getAddress(USDC_WETH_V3_POOL.address),
        abi: parseAbi(["function fee() view returns (uint24)"]),
        functionName: "fee",
      });
      assert.equal(fee, 500);
    });

    await t.step("every V2/V3 pool page of the demo gateway names the pool the chain has", async () => {
      const catalog = new Catalog();
      const pages = [...catalog.pools.values()].filter((p) =>
        p.chain === "ETHEREUM" && (p.protocolVersion === "V2" || p.protocolVersion === "V3")
      );
      assert.ok(pages.length >= 20);
      const onChain = (token: { address: string | null }) =>
        getAddress((token.address ?? C.wrappedNative).toLowerCase());
      for (const page of pages) {
        const [a, b] = [onChain(page.token0), onChain(page.token1)];
        const address = page.protocolVersion === "V2"
          ? await client.readContract({
            address: C.v2Factory,
            abi: parseAbi(["function getPair(address, address) view returns (address)"]),
            functionName: "getPair",
            args: [a, b],
          })
          : await client.readContract({
            address: C.v3Factory,
            abi: parseAbi(["function getPool(address, address, uint24) view returns (address)"]),
            functionName: "getPool",
            args: [a, b, page.feeTier],
          });
        assert.equal(address, getAddress(page.address.toLowerCase()), `${page.protocolVersion} ${page.address}`);
      }
      assert.equal(pages.length, chain.report.pools, "one catalog pool per chain pool");
    });

    await t.step("the chain's pair and pool code is the one lib/pool_address.ts hashes", () => {
      assert.equal(keccak256(`0x${v2Pair.bytecode.replace(/^0x/, "")}`), V2_PAIR_INIT_CODE_HASH);
      assert.equal(keccak256(v3Pool.bytecode as `0x${string}`), V3_POOL_INIT_CODE_HASH);
    });

    await t.step("Multicall3 at its canonical address reads many contracts in one eth_call", async () => {
      assert.equal(C.multicall3, "0xcA11bde05977b3631167028862bE2a173976CA11");
      const code = await client.getCode({ address: C.multicall3 });
      assert.ok(code && code.length > 2_000, "Multicall3 has its runtime code");
      let calls = 0;
      const counting = createPublicClient({
        transport: http(chain.url, { onFetchRequest: () => void calls++ }),
      });
      const results = await counting.multicall({
        multicallAddress: C.multicall3,
        allowFailure: false,
        contracts: [
          { address: USDC, abi: erc20Abi, functionName: "symbol" },
          { address: C.wrappedNative, abi: erc20Abi, functionName: "symbol" },
          { address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [DEV_ACCOUNTS[1]] },
        ],
      });
      assert.deepEqual(results.slice(0, 2), ["USDC", "WETH"]);
      assert.ok((results[2] as bigint) > 0n);
      assert.equal(calls, 1, "three reads, one HTTP request");
    });

    await t.step("QuoterV2 quotes 1 WETH at about the demo price of 3180.42 USDC", async () => {
      const { result } = await client.simulateContract({
        address: C.v3QuoterV2,
        abi: QUOTER_ABI,
        functionName: "quoteExactInputSingle",
        args: [{
          tokenIn: C.wrappedNative,
          tokenOut: USDC,
          amountIn: parseEther("1"),
          fee: 500,
          sqrtPriceLimitX96: 0n,
        }],
      });
      const usdc = Number(formatUnits(result[0], 6));
      assert.ok(usdc > 3180.42 * 0.99 && usdc < 3180.42, `quote ${usdc}`);
    });

    await t.step("a development account swaps 1 ETH for USDC through the SwapRouter, signed locally", async () => {
      const account = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 3 });
      const demo = defineChain({
        id: 31337,
        name: "demo",
        nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
        rpcUrls: { default: { http: [chain.url] } },
      });
      const wallet = createWalletClient({ account, transport: http(chain.url), chain: demo });
      const before = await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account.address],
      });
      const hash = await wallet.writeContract({
        address: C.v3SwapRouter,
        abi: ROUTER_ABI,
        functionName: "exactInputSingle",
        value: parseEther("1"),
        args: [{
          tokenIn: C.wrappedNative,
          tokenOut: USDC,
          fee: 500,
          recipient: account.address,
          deadline: BigInt(Math.floor(Date.now() / 1000) + 600),
          amountIn: parseEther("1"),
          amountOutMinimum: 3_000_000_000n,
          sqrtPriceLimitX96: 0n,
        }],
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      assert.equal(receipt.status, "success");
      const after = await client.readContract({
        address: USDC,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [account.address],
      });
      assert.ok(after - before > 3_000_000_000n);
    });
  } finally {
    await chain.close();
  }
});

Deno.test("a busy DEMO_CHAIN_PORT is a configuration error naming it", async () => {
  const listener = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  try {
    await assert.rejects(
      startDemoChain({ port }),
      new ConfigError(`Cannot listen on DEMO_CHAIN_PORT ${port}: the address is already in use`),
    );
  } finally {
    listener.close();
  }
});
