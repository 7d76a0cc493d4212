/**
 * What the demo chain holds, derived from the demo gateway's catalog so that
 * both agree: every Ethereum token of the catalog (same address, symbol, name
 * and decimals), every Ethereum V2 and V3 pool (same tokens and fee tier) with
 * liquidity at the catalog's prices, and the development accounts' balances.
 *
 * Pools live where the Uniswap factories put them (CREATE2 of the pair and
 * fee), as on Ethereum, and the catalog names its Ethereum V2/V3 pools by the
 * same CREATE2 addresses (`lib/pool_address.ts`), so a pool page and the chain
 * always agree.
 *
 * @module
 */
import { getAddress, type Hex } from "viem";
import { Catalog, MAX_CHAIN_POOL_TVL_USD, type PoolRecord, type TokenRecord } from "../demo_gateway/catalog.ts";
import { FIXTURE_POOLS } from "../demo_gateway/fixtures.ts";
import type { Address } from "../lib/address.ts";
import { ETHEREUM_CONTRACTS } from "../lib/chains.ts";
import { V3_FEE_TIERS } from "../lib/fees.ts";
import { v4PoolId, type V4PoolKey, v4PoolKey } from "../lib/pool_address.ts";

const FIXTURE_ADDRESSES = new Set(FIXTURE_POOLS.map((p) => p.address.toLowerCase()));

/** A token the chain deploys. */
export interface PlannedToken {
  readonly address: Address;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  readonly priceUsd: number;
  /** Whether the gateway flags it (spam, or a strong warning or block). */
  readonly flagged: boolean;
  /** What each development account receives, in base units. */
  readonly perAccount: bigint;
}

/** A pool the chain creates, tokens sorted by address as the factories sort them. */
export interface PlannedPool {
  readonly version: "V2" | "V3";
  readonly token0: Address;
  readonly token1: Address;
  /** Fee tier in hundredths of a basis point (V2: 3000). */
  readonly fee: number;
  /** Liquidity provided, in base units of each token. */
  readonly amount0: bigint;
  readonly amount1: bigint;
  /** The catalog's address of the pool: the factory's CREATE2 address, as on the chain. */
  readonly catalogAddress: string;
}

/** A V4 pool the chain initialises in its PoolManager, with full-range liquidity. */
export interface PlannedV4Pool {
  readonly key: V4PoolKey;
  /** Its pool id: the catalog's address of the pool. */
  readonly poolId: Hex;
  /** Liquidity provided, in base units of each currency. */
  readonly amount0: bigint;
  readonly amount1: bigint;
  /** USD prices and decimals of each currency (for the starting price). */
  readonly price0: number;
  readonly price1: number;
  readonly decimals0: number;
  readonly decimals1: number;
}

/** The whole demo chain content. */
export interface DemoPlan {
  readonly tokens: readonly PlannedToken[];
  /** V2 and V3 pools. */
  readonly pools: readonly PlannedPool[];
  /** V4 pools. */
  readonly v4Pools: readonly PlannedV4Pool[];
  /** The deployer's balance of each token (sum of its pools' sides), by lower-case address. */
  readonly deployerAmounts: ReadonlyMap<string, bigint>;
}

/** Value of one development account's holding of each token, in USD. */
export const ACCOUNT_HOLDING_USD = 100_000;
/** At least this many whole tokens per account, however expensive. */
const MIN_WHOLE_TOKENS = 10;
/** Pools hold at most this TVL on the chain (the catalog's V2/V3 can reach $100M+; its Ethereum V4 pools do not). */
const MAX_POOL_TVL_USD = MAX_CHAIN_POOL_TVL_USD;

/**
 * Base units of `whole` tokens with `decimals`, from a float, to about 15
 * significant digits: `toUnits(1.5, 6)` is `1500000n`.
 */
export function toUnits(whole: number, decimals: number): bigint {
  if (!Number.isFinite(whole) || whole < 0) {
    throw new RangeError(`Cannot convert ${whole} to token units: expected a finite non-negative number`);
  }
  const [mantissa, exponent] = whole.toExponential(14).split("e");
  const digits = BigInt(mantissa.replace(".", "").replace("-", ""));
  const shift = Number(exponent) - 14 + decimals;
  return shift >= 0 ? digits * 10n ** BigInt(shift) : digits / 10n ** BigInt(-shift);
}

/** EIP-55 spelling of an address (the catalog's mixed case is not always a valid checksum). */
function checksummed(address: string): Address {
  return getAddress(address.toLowerCase());
}

function plannedToken(token: TokenRecord): PlannedToken {
  const whole = Math.max(MIN_WHOLE_TOKENS, ACCOUNT_HOLDING_USD / token.priceUsd);
  return {
    address: checksummed(token.address!),
    symbol: token.symbol ?? "",
    name: token.name ?? "",
    decimals: token.decimals,
    priceUsd: token.priceUsd,
    flagged: token.isSpam || token.safetyLevel === "STRONG_WARNING" || token.safetyLevel === "BLOCKED",
    perAccount: toUnits(Number(whole.toPrecision(3)), token.decimals),
  };
}

/** Address of the token as the chain holds it: the native token trades as the wrapped one. */
function chainAddress(token: TokenRecord): Address {
  return checksummed(token.address ?? ETHEREUM_CONTRACTS.wrappedNative);
}

function plannedPool(pool: PoolRecord): PlannedPool {
  const a = chainAddress(pool.token0);
  const b = chainAddress(pool.token1);
  const [t0, t1] = a.toLowerCase() < b.toLowerCase() ? [pool.token0, pool.token1] : [pool.token1, pool.token0];
  const sideUsd = Math.min(pool.tvlUsd, MAX_POOL_TVL_USD) / 2;
  return {
    version: pool.protocolVersion as "V2" | "V3",
    token0: chainAddress(t0),
    token1: chainAddress(t1),
    fee: pool.protocolVersion === "V2" ? 3000 : pool.feeTier,
    amount0: toUnits(sideUsd / t0.priceUsd, t0.decimals),
    amount1: toUnits(sideUsd / t1.priceUsd, t1.decimals),
    catalogAddress: pool.address,
  };
}

/** A catalog V4 pool as the chain holds it: its key (native ETH stays native), id and full-range amounts. */
function plannedV4Pool(pool: PoolRecord): PlannedV4Pool {
  const key = v4PoolKey(pool.token0.address, pool.token1.address, {
    fee: pool.feeTier,
    isDynamicFee: pool.isDynamicFee,
    hooks: pool.hookAddress,
  });
  const first = (key.currency0 === "0x0000000000000000000000000000000000000000" ? null : key.currency0)?.toLowerCase();
  const [t0, t1] = (pool.token0.address?.toLowerCase() ?? null) === (first ?? null)
    ? [pool.token0, pool.token1]
    : [pool.token1, pool.token0];
  const sideUsd = Math.min(pool.tvlUsd, MAX_POOL_TVL_USD) / 2;
  const poolId = v4PoolId(key);
  if (poolId.toLowerCase() !== pool.address.toLowerCase()) {
    throw new Error(`Demo V4 pool ${pool.address} is not the id of its key (${poolId})`);
  }
  return {
    key,
    poolId,
    amount0: toUnits(sideUsd / t0.priceUsd, t0.decimals),
    amount1: toUnits(sideUsd / t1.priceUsd, t1.decimals),
    price0: t0.priceUsd,
    price1: t1.priceUsd,
    decimals0: t0.decimals,
    decimals1: t1.decimals,
  };
}

/** The demo chain's content from the demo gateway's catalog (Ethereum). */
export function demoPlan(catalog: Catalog = new Catalog()): DemoPlan {
  const tokens: PlannedToken[] = [];
  for (const token of catalog.tokens.values()) {
    if (token.chain !== "ETHEREUM" || token.address === null) continue;
    tokens.push(plannedToken(token));
  }
  const fees = new Set(V3_FEE_TIERS.map((t) => t.fee));
  const seen = new Set<string>();
  const pools: PlannedPool[] = [];
  // Fixture pools first: when a generated pool has the same pair and fee, the
  // fixture (with Ethereum's real address) is the one the chain has.
  const records = [...catalog.pools.values()]
    .filter((p) => p.chain === "ETHEREUM" && (p.protocolVersion === "V2" || p.protocolVersion === "V3"))
    .sort((a, b) =>
      Number(FIXTURE_ADDRESSES.has(b.address.toLowerCase())) - Number(FIXTURE_ADDRESSES.has(a.address.toLowerCase()))
    );
  for (const record of records) {
    if (record.protocolVersion === "V3" && !fees.has(record.feeTier)) continue;
    const pool = plannedPool(record);
    const key = `${pool.version}:${pool.token0}:${pool.token1}:${pool.fee}`.toLowerCase();
    if (seen.has(key) || pool.token0.toLowerCase() === pool.token1.toLowerCase()) continue;
    seen.add(key);
    pools.push(pool);
  }
  const v4Pools = [...catalog.pools.values()]
    .filter((p) => p.chain === "ETHEREUM" && p.protocolVersion === "V4")
    .map(plannedV4Pool);
  const deployerAmounts = new Map<string, bigint>();
  const add = (address: string, amount: bigint) =>
    deployerAmounts.set(address.toLowerCase(), (deployerAmounts.get(address.toLowerCase()) ?? 0n) + amount);
  for (const pool of pools) {
    add(pool.token0, pool.amount0);
    add(pool.token1, pool.amount1);
  }
  // V4: the ERC-20 sides, with 1% to spare (the liquidity is rounded down from the amounts); native ETH is the
  // deployer's own.
  for (const pool of v4Pools) {
    for (
      const [currency, amount] of [[pool.key.currency0, pool.amount0], [pool.key.currency1, pool.amount1]] as const
    ) {
      if (BigInt(currency) !== 0n) add(currency, amount + amount / 100n);
    }
  }
  return { tokens, pools, v4Pools, deployerAmounts };
}
