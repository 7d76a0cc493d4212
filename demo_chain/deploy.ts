/**
 * Deploys the demo chain's content ({@link DemoPlan}) into a fresh node: the
 * Uniswap contracts (their npm artifacts' ABI and creation code, vendored in
 * `contracts/` by `scripts/vendor_contracts.ts`) at Ethereum's addresses, the demo
 * tokens at the catalog's addresses, the pools with their liquidity, and the
 * development accounts' balances.
 *
 * Contracts are placed at chosen addresses by running their creation code in
 * place: the target gets the creation code as its code, a call from the
 * deployer runs the constructor there (storage, `address(this)` and
 * `msg.sender` are the real ones) and returns the runtime code with its
 * immutables, which then replaces the creation code.
 *
 * @module
 */
import {
  type Abi,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  type Hex,
  keccak256,
  pad,
  parseAbi,
  toHex,
} from "viem";
import v2Factory from "./contracts/uniswap_v2_factory.json" with { type: "json" };
import v2Router from "./contracts/uniswap_v2_router02.json" with { type: "json" };
import weth9 from "./contracts/weth9.json" with { type: "json" };
import v3Factory from "./contracts/uniswap_v3_factory.json" with { type: "json" };
import swapRouter from "./contracts/swap_router.json" with { type: "json" };
import quoterV2 from "./contracts/quoter_v2.json" with { type: "json" };
import tickLens from "./contracts/tick_lens.json" with { type: "json" };
import positionManager from "./contracts/nonfungible_position_manager.json" with { type: "json" };
import demoToken from "./contracts/demo_token.json" with { type: "json" };
import swapRouter02 from "./contracts/swap_router02.json" with { type: "json" };
import multicall3 from "./contracts/multicall3.json" with { type: "json" };
import type { Address } from "../lib/address.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import { V3_FEE_TIERS } from "../lib/fees.ts";
import type { EvmNode } from "./node.ts";
import type { DemoPlan } from "./plan.ts";
import { DEPLOYER, DEV_ACCOUNTS } from "./accounts.ts";

interface Artifact {
  readonly abi: unknown;
  readonly bytecode: string;
}

/** The creation code of a vendored artifact (`0x`-prefixed there). */
function creationCode(artifact: Artifact): Hex {
  return artifact.bytecode as Hex;
}

const ERC20_ABI = parseAbi([
  "function approve(address spender, uint256 value) returns (bool)",
  "function transfer(address to, uint256 value) returns (bool)",
]);
const V2_FACTORY_ABI = parseAbi([
  "function createPair(address tokenA, address tokenB) returns (address pair)",
  "function getPair(address tokenA, address tokenB) view returns (address pair)",
]);
const V2_PAIR_ABI = parseAbi(["function mint(address to) returns (uint256 liquidity)"]);
const V3_FACTORY_ABI = parseAbi(["function enableFeeAmount(uint24 fee, int24 tickSpacing)"]);
const NPM_ABI = parseAbi([
  "function createAndInitializePoolIfNecessary(address token0, address token1, uint24 fee, uint160 sqrtPriceX96) payable returns (address pool)",
  "struct MintParams { address token0; address token1; uint24 fee; int24 tickLower; int24 tickUpper; uint256 amount0Desired; uint256 amount1Desired; uint256 amount0Min; uint256 amount1Min; address recipient; uint256 deadline; }",
  "function mint(MintParams params) payable returns (uint256 tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
]);

/** Storage slot of `balanceOf` in WETH9 (after name, symbol, decimals). */
const WETH_BALANCE_SLOT = 3n;
/** The V3 tick range bounds. */
const MAX_TICK = 887272;

/** What {@link deployDemo} did, for the log and the tests. */
export interface DeployReport {
  readonly tokens: number;
  readonly pools: number;
  readonly transactions: number;
}

/**
 * The square root of a price as a Q64.96 number: the price of one base unit
 * of token0 in base units of token1.
 */
export function sqrtPriceX96(price0: number, price1: number, decimals0: number, decimals1: number): bigint {
  const raw = (price0 / price1) * 10 ** (decimals1 - decimals0);
  const root = Math.sqrt(raw);
  if (!Number.isFinite(root) || root <= 0) throw new RangeError(`Cannot take the pool price of ${price0}/${price1}`);
  // 53 bits of the root, then the remaining shift as an integer.
  const exponent = Math.floor(Math.log2(root));
  const mantissa = BigInt(Math.round(root * 2 ** (52 - exponent)));
  const shift = 96 + exponent - 52;
  return shift >= 0 ? mantissa << BigInt(shift) : mantissa >> BigInt(-shift);
}

/** Full-range ticks of a tick spacing. */
export function fullRange(tickSpacing: number): { tickLower: number; tickUpper: number } {
  const upper = Math.floor(MAX_TICK / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
}

/** Deploys the plan into a node whose deployer account is funded. */
export async function deployDemo(node: EvmNode, plan: DemoPlan): Promise<DeployReport> {
  let transactions = 0;
  const contracts = ETHEREUM_CONTRACTS;

  // Receipts are checked for the contracts and pools; the 417 token constructors cannot revert
  // (holders and amounts always match) and `chain_test.ts` reads every token back.
  async function send(to: Address, data: Hex, options: { value?: bigint; check?: boolean } = {}): Promise<void> {
    const value = options.value ?? 0n;
    const hash = await node.request<Hex>("eth_sendTransaction", [{
      from: DEPLOYER,
      to,
      data,
      value: toHex(value),
      gas: toHex(15_000_000),
    }]);
    transactions++;
    if (options.check === false) return;
    const receipt = await node.request<{ status: Hex } | null>("eth_getTransactionReceipt", [hash]);
    if (receipt?.status !== "0x1") throw new Error(`Demo chain deployment transaction to ${to} reverted`);
  }

  async function deployAt(target: Address, code: Hex, check = true): Promise<void> {
    await node.request("hardhat_setCode", [target, code]);
    const runtime = await node.request<Hex>("eth_call", [{ from: DEPLOYER, to: target, data: "0x" }, "latest"]);
    await send(target, "0x", { check });
    await node.request("hardhat_setCode", [target, runtime]);
  }

  await node.request("hardhat_impersonateAccount", [DEPLOYER]);

  // Uniswap V2 and V3, WETH9.
  await deployAt(contracts.wrappedNative, creationCode(weth9));
  await deployAt(
    contracts.v2Factory,
    encodeDeployData({ abi: v2Factory.abi as Abi, bytecode: creationCode(v2Factory), args: [DEPLOYER] }),
  );
  await deployAt(
    contracts.v2Router,
    encodeDeployData({
      abi: v2Router.abi as Abi,
      bytecode: creationCode(v2Router),
      args: [contracts.v2Factory, contracts.wrappedNative],
    }),
  );
  await deployAt(contracts.v3Factory, creationCode(v3Factory));
  for (const { fee, tickSpacing } of V3_FEE_TIERS) {
    // The constructor enables 500, 3000 and 10000; Ethereum added 100 later.
    if (fee === 100) {
      await send(
        contracts.v3Factory,
        encodeFunctionData({ abi: V3_FACTORY_ABI, functionName: "enableFeeAmount", args: [fee, tickSpacing] }),
      );
    }
  }
  const peripheryArgs = [contracts.v3Factory, contracts.wrappedNative] as const;
  await deployAt(
    contracts.v3SwapRouter,
    encodeDeployData({ abi: swapRouter.abi as Abi, bytecode: creationCode(swapRouter), args: [...peripheryArgs] }),
  );
  await deployAt(
    contracts.v3QuoterV2,
    encodeDeployData({ abi: quoterV2.abi as Abi, bytecode: creationCode(quoterV2), args: [...peripheryArgs] }),
  );
  await deployAt(contracts.v3TickLens, creationCode(tickLens));
  // No token descriptor: `tokenURI` is not needed by the product.
  await deployAt(
    contracts.v3PositionManager,
    encodeDeployData({
      abi: positionManager.abi as Abi,
      bytecode: creationCode(positionManager),
      args: [...peripheryArgs, "0x0000000000000000000000000000000000000000"],
    }),
  );
  // SwapRouter02 (vendored artifact, contracts/swap_router02.json): split routes over V2 and V3 in one call.
  await deployAt(
    contracts.swapRouter02,
    encodeDeployData({
      abi: swapRouter02.abi as Abi,
      bytecode: creationCode(swapRouter02),
      args: [contracts.v2Factory, contracts.v3Factory, contracts.v3PositionManager, contracts.wrappedNative],
    }),
  );

  // Multicall3 (vendored from its pre-signed deployment transaction, contracts/multicall3.json): batched reads.
  await deployAt(contracts.multicall3, creationCode(multicall3));

  // The demo tokens, minted to the development accounts and the deployer.
  const weth = contracts.wrappedNative.toLowerCase();
  for (const token of plan.tokens) {
    const deployerAmount = plan.deployerAmounts.get(token.address.toLowerCase()) ?? 0n;
    if (token.address.toLowerCase() === weth) continue;
    const holders: Address[] = [...DEV_ACCOUNTS, DEPLOYER];
    const amounts = [...DEV_ACCOUNTS.map(() => token.perAccount), deployerAmount];
    await deployAt(
      token.address,
      encodeDeployData({
        abi: demoToken.abi as Abi,
        bytecode: demoToken.bytecode as Hex,
        args: [token.name, token.symbol, token.decimals, holders, amounts],
      }),
      false,
    );
  }
  // WETH: balances written directly, backed by the contract's ether.
  const wethToken = plan.tokens.find((t) => t.address.toLowerCase() === weth);
  const wethHoldings: [Address, bigint][] = [
    ...DEV_ACCOUNTS.map((a): [Address, bigint] => [a, wethToken?.perAccount ?? 0n]),
    [DEPLOYER, plan.deployerAmounts.get(weth) ?? 0n],
  ];
  let wethSupply = 0n;
  for (const [holder, amount] of wethHoldings) {
    const slot = keccak256(
      encodeAbiParameters([{ type: "address" }, { type: "uint256" }], [holder, WETH_BALANCE_SLOT]),
    );
    await node.request("hardhat_setStorageAt", [contracts.wrappedNative, slot, pad(toHex(amount))]);
    wethSupply += amount;
  }
  await node.request("hardhat_setBalance", [contracts.wrappedNative, toHex(wethSupply)]);

  // Pools.
  const byAddress = new Map(plan.tokens.map((t) => [t.address.toLowerCase(), t]));
  const approved = new Set<string>();
  const max = 2n ** 256n - 1n;
  const deadline = BigInt(Math.floor(Date.now() / 1000) + 3600);
  for (const pool of plan.pools) {
    const t0 = byAddress.get(pool.token0.toLowerCase());
    const t1 = byAddress.get(pool.token1.toLowerCase());
    if (!t0 || !t1) throw new Error(`Demo pool ${pool.catalogAddress} names a token the chain does not have`);
    if (pool.version === "V2") {
      await send(
        contracts.v2Factory,
        encodeFunctionData({ abi: V2_FACTORY_ABI, functionName: "createPair", args: [pool.token0, pool.token1] }),
      );
      const pair = `0x${
        (await node.request<Hex>("eth_call", [{
          to: contracts.v2Factory,
          data: encodeFunctionData({ abi: V2_FACTORY_ABI, functionName: "getPair", args: [pool.token0, pool.token1] }),
        }, "latest"])).slice(26)
      }` as Address;
      await send(
        pool.token0,
        encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [pair, pool.amount0] }),
      );
      await send(
        pool.token1,
        encodeFunctionData({ abi: ERC20_ABI, functionName: "transfer", args: [pair, pool.amount1] }),
      );
      await send(pair, encodeFunctionData({ abi: V2_PAIR_ABI, functionName: "mint", args: [DEPLOYER] }));
      continue;
    }
    for (const token of [pool.token0, pool.token1]) {
      if (approved.has(token)) continue;
      approved.add(token);
      await send(
        token,
        encodeFunctionData({ abi: ERC20_ABI, functionName: "approve", args: [contracts.v3PositionManager, max] }),
      );
    }
    const tier = V3_FEE_TIERS.find((t) => t.fee === pool.fee)!;
    await send(
      contracts.v3PositionManager,
      encodeFunctionData({
        abi: NPM_ABI,
        functionName: "createAndInitializePoolIfNecessary",
        args: [pool.token0, pool.token1, pool.fee, sqrtPriceX96(t0.priceUsd, t1.priceUsd, t0.decimals, t1.decimals)],
      }),
    );
    await send(
      contracts.v3PositionManager,
      encodeFunctionData({
        abi: NPM_ABI,
        functionName: "mint",
        args: [{
          token0: pool.token0,
          token1: pool.token1,
          fee: pool.fee,
          ...fullRange(tier.tickSpacing),
          amount0Desired: pool.amount0,
          amount1Desired: pool.amount1,
          amount0Min: 0n,
          amount1Min: 0n,
          recipient: DEPLOYER,
          deadline,
        }],
      }),
    );
  }
  await node.request("hardhat_stopImpersonatingAccount", [DEPLOYER]);
  return { tokens: plan.tokens.length, pools: plan.pools.length, transactions };
}
