import assert from "node:assert/strict";
import {
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  erc20Abi,
  formatUnits,
  getAddress,
  type Hex,
  http,
  parseAbi,
  parseEther,
} from "viem";
import { Catalog } from "../demo_gateway/catalog.ts";
import { DEMO_V4_HOOK, HOOKED_V4_POOL, V4_ONLY_POOL } from "../demo_gateway/fixtures.ts";
import { ETHEREUM_CONTRACTS as C } from "../lib/chains.ts";
import { V4_POOL_KEY_ABI, v4PoolKey } from "../lib/pool_address.ts";
import { createRpcProxy } from "../server/proxies/rpc_proxy.ts";
import { DEMO_EVM_CHAIN, DEPLOYER, DEV_ACCOUNTS, startDemoChain } from "./mod.ts";
import { demoPlan } from "./plan.ts";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const Q96 = 2 ** 96;

const ABI = parseAbi([
  "function getSlot0(bytes32 poolId) view returns (uint160 sqrtPriceX96, int24 tick, uint24 protocolFee, uint24 lpFee)",
  "function getLiquidity(bytes32 poolId) view returns (uint128 liquidity)",
  "struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }",
  "struct QuoteExactSingleParams { PoolKey poolKey; bool zeroForOne; uint128 exactAmount; bytes hookData; }",
  "function quoteExactInputSingle(QuoteExactSingleParams params) returns (uint256 amountOut, uint256 gasEstimate)",
  "function execute(bytes commands, bytes[] inputs, uint256 deadline) payable",
  "event Swap(bytes32 indexed id, address indexed sender, int128 amount0, int128 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick, uint24 fee)",
  "function owner() view returns (address)",
  "function poolManager() view returns (address)",
  "function ownerOf(uint256 id) view returns (address)",
  "function nextTokenId() view returns (uint256)",
]);

const POOL_KEY = V4_POOL_KEY_ABI;

Deno.test("the V4 stack at Ethereum's addresses, with the demo gateway's V4 pools seeded", async (t) => {
  const chain = await startDemoChain();
  try {
    const client = createPublicClient({ transport: http(chain.url) });

    await t.step(
      "GET /rpc names Permit2, the PoolManager, both V4 lenses and the routers, each with code",
      async () => {
        const proxy = createRpcProxy({ targets: { ethereum: { url: chain.url, chain: DEMO_EVM_CHAIN, local: true } } });
        const { chains } = await (await proxy(new Request("http://localhost/rpc")))!.json() as {
          chains: { contracts: Record<string, Hex> }[];
        };
        const named = chains[0].contracts;
        const expected = {
          permit2: "0x000000000022D473030F116dDEE9F6B43aC78BA3",
          v4PoolManager: "0x000000000004444c5dc75cB358380D2e3dE08A90",
          v4PositionManager: "0xbD216513d74C8cf14cf4747E6AaA6420FF64ee9e",
          v4StateView: "0x7fFE42C4a5DEeA5b0feC41C94C136Cf115597227",
          v4Quoter: "0x52F0E24D1c21C8A0cB1e5a5dD6198556BD9E1203",
          universalRouter: "0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af",
        };
        for (const [name, address] of Object.entries(expected)) {
          assert.equal(named[name], address, name);
          const code = await client.getCode({ address: address as Hex });
          assert.ok(code && code.length > 1_000, `${name} has code`);
        }
        // Immutables point at the canonical contracts: the PoolManager's owner, the hook's pool manager.
        assert.equal(
          await client.readContract({ address: C.v4PoolManager, abi: ABI, functionName: "owner" }),
          getAddress(DEPLOYER),
        );
        assert.equal(
          await client.readContract({ address: DEMO_V4_HOOK as Hex, abi: ABI, functionName: "poolManager" }),
          C.v4PoolManager,
        );
        assert.equal(Number(BigInt(DEMO_V4_HOOK) & 0x3fffn), 1 << 12, "the hook's address bits: afterInitialize only");
      },
    );

    await t.step("every Ethereum V4 pool of the catalog is initialised in the PoolManager with its TVL", async () => {
      const catalog = new Catalog();
      const pages = [...catalog.pools.values()].filter((p) => p.chain === "ETHEREUM" && p.protocolVersion === "V4");
      const plan = demoPlan(catalog);
      assert.equal(plan.v4Pools.length, pages.length);
      assert.ok(pages.length >= 8, `${pages.length} V4 pools`);
      assert.ok(pages.some((p) => p.token0.address === null || p.token1.address === null), "one with native ETH");
      assert.ok(pages.some((p) => p.isDynamicFee && p.hookAddress === DEMO_V4_HOOK), "one with the hook");
      for (const page of pages) {
        const planned = plan.v4Pools.find((p) => p.poolId === page.address)!;
        assert.ok(planned, `${page.address} is planned`);
        const [sqrtPriceX96, , , lpFee] = await client.readContract({
          address: C.v4StateView,
          abi: ABI,
          functionName: "getSlot0",
          args: [page.address as Hex],
        });
        const liquidity = await client.readContract({
          address: C.v4StateView,
          abi: ABI,
          functionName: "getLiquidity",
          args: [page.address as Hex],
        });
        assert.ok(sqrtPriceX96 > 0n && liquidity > 0n, `${page.address}: initialised with liquidity`);
        assert.equal(lpFee, page.isDynamicFee ? 3000 : page.feeTier, `${page.address}: LP fee`);
        // Full range: amount0 = L / sqrtP and amount1 = L * sqrtP (in base units), valued at the catalog's prices.
        const sqrtP = Number(sqrtPriceX96) / Q96;
        const amount0 = Number(liquidity) / sqrtP / 10 ** planned.decimals0;
        const amount1 = Number(liquidity) * sqrtP / 10 ** planned.decimals1;
        const tvl = amount0 * planned.price0 + amount1 * planned.price1;
        assert.ok(Math.abs(tvl - page.tvlUsd) / page.tvlUsd < 0.02, `${page.address}: TVL ${tvl} vs ${page.tvlUsd}`);
      }
      // USDC/USDT is a pair only V4 has.
      const v4Only = pages.find((p) => p.address === V4_ONLY_POOL.address)!;
      const symbols = new Set([v4Only.token0.symbol, v4Only.token1.symbol]);
      assert.ok(
        ![...catalog.pools.values()].some((p) =>
          p.chain === "ETHEREUM" && p.protocolVersion !== "V4" &&
          new Set([p.token0.symbol, p.token1.symbol]).size === 2 &&
          symbols.has(p.token0.symbol) && symbols.has(p.token1.symbol)
        ),
        "no V2 or V3 pool of USDC/USDT",
      );
    });

    const hookedKey = v4PoolKey(null, USDC, { fee: 3000, isDynamicFee: true, hooks: DEMO_V4_HOOK });

    await t.step("the V4Quoter quotes 1 ETH in the hooked dynamic-fee pool at about the demo price", async () => {
      const { result } = await client.simulateContract({
        address: C.v4Quoter,
        abi: ABI,
        functionName: "quoteExactInputSingle",
        args: [{ poolKey: hookedKey, zeroForOne: true, exactAmount: parseEther("1"), hookData: "0x" }],
      });
      const usdc = Number(formatUnits(result[0], 6));
      assert.ok(usdc > 3180.42 * 0.99 && usdc < 3180.42, `quote ${usdc}`);
      assert.equal(HOOKED_V4_POOL.hookAddress, DEMO_V4_HOOK);
    });

    await t.step("1 ETH for USDC through the Universal Router's V4_SWAP: a PoolManager Swap event", async () => {
      const me = DEV_ACCOUNTS[6];
      const before = await client.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [me] });
      const amountIn = parseEther("1");
      // SWAP_EXACT_IN_SINGLE, SETTLE_ALL (ETH), TAKE_ALL (USDC).
      const v4Input = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], ["0x060c0f", [
        encodeAbiParameters(
          [{
            type: "tuple",
            components: [
              { ...POOL_KEY, name: "poolKey" },
              { name: "zeroForOne", type: "bool" },
              { name: "amountIn", type: "uint128" },
              { name: "amountOutMinimum", type: "uint128" },
              { name: "hookData", type: "bytes" },
            ],
          }],
          [{ poolKey: hookedKey, zeroForOne: true, amountIn, amountOutMinimum: 3_000_000_000n, hookData: "0x" }],
        ),
        encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [hookedKey.currency0, amountIn]),
        encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [hookedKey.currency1, 3_000_000_000n]),
      ]]);
      const hash = await chain.node.request<Hex>("eth_sendTransaction", [{
        from: me,
        to: C.universalRouter,
        value: `0x${amountIn.toString(16)}`,
        data: encodeFunctionData({
          abi: ABI,
          functionName: "execute",
          args: ["0x10", [v4Input], BigInt(Math.floor(Date.now() / 1000) + 600)],
        }),
      }]);
      const receipt = await client.getTransactionReceipt({ hash });
      assert.equal(receipt.status, "success");
      const swap = receipt.logs.find((log) => log.address.toLowerCase() === C.v4PoolManager.toLowerCase());
      assert.ok(swap, "the PoolManager logged the swap");
      assert.equal(swap.topics[1], HOOKED_V4_POOL.address.toLowerCase());
      const after = await client.readContract({ address: USDC, abi: erc20Abi, functionName: "balanceOf", args: [me] });
      assert.ok(after - before > 3_000_000_000n, `got ${after - before}`);
    });

    await t.step("the seed positions are the PositionManager's ERC-721 tokens of the deployer", async () => {
      const next = await client.readContract({ address: C.v4PositionManager, abi: ABI, functionName: "nextTokenId" });
      assert.equal(next, BigInt(demoPlan().v4Pools.length + 1));
      assert.equal(
        await client.readContract({ address: C.v4PositionManager, abi: ABI, functionName: "ownerOf", args: [1n] }),
        getAddress(DEPLOYER),
      );
    });
  } finally {
    await chain.close();
  }
});
