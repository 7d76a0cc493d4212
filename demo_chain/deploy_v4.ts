/**
 * Uniswap V4 on the demo chain, at Ethereum's addresses: Permit2, the
 * PoolManager, the PositionManager, StateView, the V4Quoter and the Universal
 * Router (2.1), from the vendored npm artifacts (`contracts/*.json`, copied by
 * `scripts/vendor_contracts.ts`), and the demo's own hook
 * (`contracts/DemoDynamicFeeHook.sol`) at `DEMO_V4_HOOK`, whose low address
 * bits say it implements `afterInitialize` only. Then every V4 pool of the
 * plan (the demo gateway's Ethereum V4 pools) is initialised at the catalog's
 * price and given full-range liquidity through the PositionManager (Permit2
 * approvals, `MINT_POSITION` + `SETTLE_PAIR`, `SWEEP` of spare ETH), owned by
 * the deployer.
 *
 * Immutables are right because every constructor runs in place
 * (`deployer.ts`): the Universal Router's `RouterParameters` name the
 * canonical Permit2, WETH9, V2/V3 factories and init code hashes, PoolManager
 * and position managers. Permit2 is placed as the runtime code its own
 * `DeployPermit2.sol` etches (its domain separator follows the chain id).
 *
 * @module
 */
import {
  type Abi,
  encodeAbiParameters,
  encodeDeployData,
  encodeFunctionData,
  hashDomain,
  type Hex,
  parseAbi,
} from "viem";
import poolManager from "./contracts/pool_manager.json" with { type: "json" };
import positionManager from "./contracts/v4_position_manager.json" with { type: "json" };
import stateView from "./contracts/state_view.json" with { type: "json" };
import v4Quoter from "./contracts/v4_quoter.json" with { type: "json" };
import permit2 from "./contracts/permit2.json" with { type: "json" };
import universalRouter from "./contracts/universal_router.json" with { type: "json" };
import feeHook from "./contracts/demo_fee_hook.json" with { type: "json" };
import type { Address } from "../lib/address.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import {
  V2_PAIR_INIT_CODE_HASH,
  V3_POOL_INIT_CODE_HASH,
  V4_POOL_KEY_ABI,
  type V4PoolKey,
} from "../lib/pool_address.ts";
import { DEMO_V4_HOOK } from "../demo_gateway/fixtures.ts";
import { DEPLOYER } from "./accounts.ts";
import { DEMO_CHAIN_ID } from "./identity.ts";
import type { Deployer } from "./deployer.ts";
import type { DemoPlan, PlannedV4Pool } from "./plan.ts";

/** Gas the PositionManager gives a subscriber's `notifyUnsubscribe` (Ethereum's deployment: 300 000). */
const UNSUBSCRIBE_GAS_LIMIT = 300_000n;
const ZERO: Address = "0x0000000000000000000000000000000000000000";
const MAX_UINT160 = 2n ** 160n - 1n;
const MAX_UINT48 = 2 ** 48 - 1;
const Q96 = 2n ** 96n;

/** PositionManager actions (`Actions.sol` of v4-periphery). */
const MINT_POSITION = 0x02;
const SETTLE_PAIR = 0x0d;
const SWEEP = 0x14;

const POOL_KEY = V4_POOL_KEY_ABI;

const ABI = parseAbi([
  "function approve(address spender, uint256 value) returns (bool)",
  "function approve(address token, address spender, uint160 amount, uint48 expiration)",
  "struct PoolKey { address currency0; address currency1; uint24 fee; int24 tickSpacing; address hooks; }",
  "function initialize(PoolKey key, uint160 sqrtPriceX96) returns (int24 tick)",
  "function modifyLiquidities(bytes unlockData, uint256 deadline) payable",
]);

/** The square root of a tick's price as a Q64.96 number (to about 15 digits: enough for a liquidity to mint). */
export function sqrtPriceAtTick(tick: number): bigint {
  return BigInt(Math.floor(Math.sqrt(1.0001 ** tick) * 2 ** 96));
}

/** The V4 full-range ticks of a tick spacing. */
export function v4FullRange(tickSpacing: number): { tickLower: number; tickUpper: number } {
  const upper = Math.floor(887272 / tickSpacing) * tickSpacing;
  return { tickLower: -upper, tickUpper: upper };
}

/**
 * The liquidity that `amount0` and `amount1` buy between two ticks at
 * `sqrtPrice` (the smaller of the two sides', as `LiquidityAmounts` computes
 * it), less 0.1% so that rounding never asks for more than the amounts.
 */
export function liquidityFor(
  sqrtPrice: bigint,
  range: { tickLower: number; tickUpper: number },
  amount0: bigint,
  amount1: bigint,
): bigint {
  const [a, b] = [sqrtPriceAtTick(range.tickLower), sqrtPriceAtTick(range.tickUpper)];
  if (sqrtPrice <= a || sqrtPrice >= b) throw new RangeError("Demo V4 pools are seeded in range only");
  const from0 = amount0 * sqrtPrice * b / Q96 / (b - sqrtPrice);
  const from1 = amount1 * Q96 / (sqrtPrice - a);
  const liquidity = from0 < from1 ? from0 : from1;
  return liquidity - liquidity / 1000n;
}

/** The square root of a V4 pool's starting price: currency1 per currency0, in base units, as Q64.96. */
export function startingSqrtPrice(pool: PlannedV4Pool): bigint {
  const raw = (pool.price0 / pool.price1) * 10 ** (pool.decimals1 - pool.decimals0);
  const root = Math.sqrt(raw);
  if (!Number.isFinite(root) || root <= 0) throw new RangeError(`Cannot take the price of V4 pool ${pool.poolId}`);
  return BigInt(Math.floor(root * 2 ** 96));
}

/** `modifyLiquidities`' payload: mint a full-range position for the deployer, pay both sides, sweep spare ETH. */
function mintCall(key: V4PoolKey, liquidity: bigint, max0: bigint, max1: bigint): Hex {
  const { tickLower, tickUpper } = v4FullRange(key.tickSpacing);
  const native = BigInt(key.currency0) === 0n;
  const actions: number[] = [MINT_POSITION, SETTLE_PAIR, ...(native ? [SWEEP] : [])];
  const params: Hex[] = [
    encodeAbiParameters(
      [POOL_KEY, { type: "int24" }, { type: "int24" }, { type: "uint256" }, { type: "uint128" }, { type: "uint128" }, {
        type: "address",
      }, { type: "bytes" }],
      [key, tickLower, tickUpper, liquidity, max0, max1, DEPLOYER, "0x"],
    ),
    encodeAbiParameters([{ type: "address" }, { type: "address" }], [key.currency0, key.currency1]),
    ...(native ? [encodeAbiParameters([{ type: "address" }, { type: "address" }], [ZERO, DEPLOYER])] : []),
  ];
  const unlockData = encodeAbiParameters([{ type: "bytes" }, { type: "bytes[]" }], [
    `0x${actions.map((action) => action.toString(16).padStart(2, "0")).join("")}`,
    params,
  ]);
  return encodeFunctionData({
    abi: ABI,
    functionName: "modifyLiquidities",
    args: [unlockData, BigInt(Math.floor(Date.now() / 1000) + 3600)],
  });
}

/**
 * The EIP-712 domain separator `DeployPermit2.sol`'s runtime code caches (its
 * immutables were baked for chain 31337 and another address): Permit2 returns
 * it on chain 31337, so no signed permit would verify there.
 */
const STALE_PERMIT2_DOMAIN = "d5a17abc3865df5c1400c0299bd4ce2eefc8114aec5f9d3dded1745783e57b98";

/** Permit2's runtime code with its cached domain separator that of Permit2 at `address` on the demo chain. */
export function permit2RuntimeCode(address: Address): Hex {
  const domain = hashDomain({
    domain: { name: "Permit2", chainId: BigInt(DEMO_CHAIN_ID), verifyingContract: address },
    types: {
      EIP712Domain: [
        { name: "name", type: "string" },
        { name: "chainId", type: "uint256" },
        { name: "verifyingContract", type: "address" },
      ],
    },
  });
  const code = permit2.runtimeBytecode.toLowerCase();
  if (code.split(STALE_PERMIT2_DOMAIN).length !== 2) throw new Error("Permit2's cached domain separator moved");
  return code.replace(STALE_PERMIT2_DOMAIN, domain.slice(2)) as Hex;
}

/** Places the V4 contracts, Permit2, the Universal Router and the demo hook. */
async function deployV4Contracts({ deployAt, node }: Deployer): Promise<void> {
  const c = ETHEREUM_CONTRACTS;
  await node.request("hardhat_setCode", [c.permit2, permit2RuntimeCode(c.permit2)]);
  const deploy = (target: Address, artifact: { abi: unknown; bytecode: string }, args: readonly unknown[]) =>
    deployAt(target, encodeDeployData({ abi: artifact.abi as Abi, bytecode: artifact.bytecode as Hex, args }));
  await deploy(c.v4PoolManager, poolManager, [DEPLOYER]);
  await deploy(c.v4PositionManager, positionManager, [
    c.v4PoolManager,
    c.permit2,
    UNSUBSCRIBE_GAS_LIMIT,
    ZERO, // no token descriptor: `tokenURI` is not needed by the product (as for V3)
    c.wrappedNative,
  ]);
  await deploy(c.v4StateView, stateView, [c.v4PoolManager]);
  await deploy(c.v4Quoter, v4Quoter, [c.v4PoolManager]);
  await deploy(c.universalRouter, universalRouter, [{
    permit2: c.permit2,
    weth9: c.wrappedNative,
    v2Factory: c.v2Factory,
    v3Factory: c.v3Factory,
    pairInitCodeHash: V2_PAIR_INIT_CODE_HASH,
    poolInitCodeHash: V3_POOL_INIT_CODE_HASH,
    v4PoolManager: c.v4PoolManager,
    v3NFTPositionManager: c.v3PositionManager,
    v4PositionManager: c.v4PositionManager,
    spokePool: ZERO, // no Across bridge on the demo chain
  }]);
  await deploy(DEMO_V4_HOOK as Address, feeHook, [c.v4PoolManager, DEPLOYER]);
}

/** Deploys the V4 stack and seeds the plan's V4 pools. */
export async function deployV4(deployer: Deployer, plan: DemoPlan): Promise<void> {
  const c = ETHEREUM_CONTRACTS;
  const { send } = deployer;
  await deployV4Contracts(deployer);
  const approved = new Set<string>();
  for (const pool of plan.v4Pools) {
    for (const currency of [pool.key.currency0, pool.key.currency1]) {
      if (BigInt(currency) === 0n || approved.has(currency)) continue;
      approved.add(currency);
      // Permit2's way: the token approves Permit2 once, Permit2 lets the PositionManager pull.
      await send(
        currency,
        encodeFunctionData({ abi: ABI, functionName: "approve", args: [c.permit2, 2n ** 256n - 1n] }),
      );
      await send(
        c.permit2,
        encodeFunctionData({
          abi: ABI,
          functionName: "approve",
          args: [currency, c.v4PositionManager, MAX_UINT160, MAX_UINT48],
        }),
      );
    }
    const sqrtPrice = startingSqrtPrice(pool);
    await send(
      c.v4PoolManager,
      encodeFunctionData({ abi: ABI, functionName: "initialize", args: [pool.key, sqrtPrice] }),
    );
    const liquidity = liquidityFor(sqrtPrice, v4FullRange(pool.key.tickSpacing), pool.amount0, pool.amount1);
    const [max0, max1] = [pool.amount0 + pool.amount0 / 100n, pool.amount1 + pool.amount1 / 100n];
    const native = BigInt(pool.key.currency0) === 0n;
    await send(c.v4PositionManager, mintCall(pool.key, liquidity, max0, max1), { value: native ? max0 : 0n });
  }
}
