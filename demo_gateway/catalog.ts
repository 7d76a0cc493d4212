/**
 * The seeded catalog of the demo gateway: tokens (from
 * `@uniswap/default-token-list` plus the edge cases of `fixtures.ts`) and
 * pools (generated per chain plus the fixture pools), with their market
 * numbers. Everything is derived from the demo seed, so two catalogs are
 * always equal.
 *
 * @module
 */
import tokenList from "@uniswap/default-token-list" with { type: "json" };
import { type Chain, chainInfoOf, ETHEREUM_CONTRACTS, NATIVE_TOKEN_ADDRESSES } from "../lib/chains.ts";
import { v2PairAddress, v3PoolAddress, v4PoolId, v4PoolKey } from "../lib/pool_address.ts";
import {
  DEMO_CHAINS,
  FIXTURE_POOLS,
  FIXTURE_TOKENS,
  type FixturePool,
  type FixtureToken,
  SOLANA_TOKENS,
} from "./fixtures.ts";
import { V2_FEE_TIER } from "../lib/fees.ts";
import { addressFor, between, hash32, hexFor, logBetween, seeded } from "./prng.ts";
import type { Motion } from "./market.ts";
import { ICON_SYMBOLS } from "./icons.ts";

/**
 * The most TVL a pool holds on the demo chain (`demo_chain/plan.ts` caps its liquidity there): Ethereum's V4 pools
 * say no more, so the pool pages and the chain agree.
 */
export const MAX_CHAIN_POOL_TVL_USD = 20_000_000;

/**
 * The native token of each demo chain; its address, when it has one, is the
 * chain table's ({@link NATIVE_TOKEN_ADDRESSES}).
 */
const NATIVE: Record<string, { symbol: string; name: string; price: number }> = {
  ETHEREUM: { symbol: "ETH", name: "Ethereum", price: 3180.42 },
  OPTIMISM: { symbol: "ETH", name: "Ethereum", price: 3180.42 },
  BASE: { symbol: "ETH", name: "Ethereum", price: 3180.42 },
  ARBITRUM: { symbol: "ETH", name: "Ethereum", price: 3180.42 },
  UNICHAIN: { symbol: "ETH", name: "Ethereum", price: 3180.42 },
  POLYGON: { symbol: "POL", name: "Polygon Ecosystem Token", price: 0.4213 },
  CELO: { symbol: "CELO", name: "Celo", price: 0.6247 },
  BNB: { symbol: "BNB", name: "BNB", price: 642.18 },
  AVALANCHE: { symbol: "AVAX", name: "Avalanche", price: 32.57 },
  // Not a demo chain with generated tokens: its token is the SOL fixture of `SOLANA_TOKENS`.
  SOLANA: { symbol: "SOL", name: "Wrapped SOL", price: 187.42 },
};

/** Where the gateway keeps a chain's native token: `null` when it has no address. */
function nativeAddress(chain: string): string | null {
  return NATIVE_TOKEN_ADDRESSES[chain as Chain] ?? null;
}

/** Prices of well-known symbols; others get a seeded price. */
const KNOWN_PRICES: Record<string, number> = {
  WETH: 3180.42,
  ETH: 3180.42,
  WBTC: 97_251.3,
  BTC: 97_251.3,
  cbBTC: 97_190.5,
  tBTC: 97_020.1,
  UNI: 9.84,
  LINK: 18.42,
  AAVE: 245.7,
  MKR: 1510.2,
  ARB: 0.7791,
  OP: 1.612,
  MATIC: 0.4211,
  POL: 0.4213,
  WPOL: 0.4213,
  CELO: 0.6247,
  BNB: 642.18,
  WBNB: 642.18,
  AVAX: 32.57,
  WAVAX: 32.57,
  LDO: 1.32,
  CRV: 0.88,
  SHIB: 0.0000213,
  PEPE: 0.0000118,
  COMP: 58.9,
  SNX: 2.14,
  ENS: 27.3,
  GRT: 0.2231,
  XAUt0: 2651.4,
  PAXG: 2655.8,
};

const STABLES = new Set([
  "USDC",
  "USDT",
  "DAI",
  "USDS",
  "USDe",
  "FRAX",
  "LUSD",
  "GUSD",
  "TUSD",
  "USDP",
  "PYUSD",
  "USDbC",
  "USDC.e",
  "BUSD",
  "crvUSD",
  "GHO",
  "AUSD",
  "USD0",
  "USDT0",
  "FDUSD",
]);

/** Symbols ranked first in POPULARITY order. */
const POPULAR = [
  "ETH",
  "WETH",
  "USDC",
  "USDT",
  "WBTC",
  "DAI",
  "UNI",
  "LINK",
  "AAVE",
  "POL",
  "CELO",
  "BNB",
  "AVAX",
  "ARB",
  "OP",
  "PEPE",
  "SHIB",
  "LDO",
  "MKR",
  "cbBTC",
];

/** A value of the schema's `SafetyLevel` enum. */
export type SafetyLevel =
  | "VERIFIED"
  | "MEDIUM_WARNING"
  | "STRONG_WARNING"
  | "BLOCKED";

/** A token of the catalog with its market numbers. */
export interface TokenRecord {
  /** `CHAIN:address-lower-case` (a Solana mint as spelt) or `CHAIN:native`. */
  readonly key: string;
  readonly chain: Chain;
  readonly address: string | null;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
  readonly standard: "NATIVE" | "ERC20";
  /** Logo path on the gateway (`/logos/...`), or `null`. */
  readonly logoPath: string | null;
  /** Key of the token's project (shared by bridged copies). */
  readonly projectKey: string;
  readonly priceUsd: number;
  readonly volume24hUsd: number;
  readonly tvlUsd: number;
  readonly marketCapUsd: number;
  readonly fdvUsd: number;
  readonly motion: Motion;
  /** Higher is more popular. */
  readonly popularity: number;
  /** Whether OHLC candles exist (else charts fall back to price history). */
  readonly hasCandles: boolean;
  readonly isSpam: boolean;
  readonly safetyLevel: SafetyLevel;
  readonly homepageUrl: string | null;
  readonly twitterName: string | null;
  /** Fee-on-transfer in basis points, or `null` (no fee data). */
  readonly feeBps: { buy: number; sell: number } | null;
  /** Whether the token is one of the hand-made fixtures. */
  readonly fixture: boolean;
}

/** A pool of the catalog. */
export interface PoolRecord {
  /** `V3:CHAIN:address-lower-case`. */
  readonly key: string;
  readonly protocolVersion: "V2" | "V3" | "V4";
  readonly chain: Chain;
  /** Contract address (V2/V3) or pool id (V4). */
  readonly address: string;
  readonly token0: TokenRecord;
  readonly token1: TokenRecord;
  readonly feeTier: number;
  readonly isDynamicFee: boolean;
  readonly hookAddress: string | null;
  readonly rewardsBoostedApr: number | null;
  readonly tvlUsd: number;
  readonly volume24hUsd: number;
  readonly txCount: number;
  readonly createdAt: number;
}

/** Catalog key of a token: `0x` addresses match in any case, Solana's base58 mints only exactly. */
export function tokenKey(chain: string, address: string | null): string {
  if (address === null) return `${chain}:native`;
  return `${chain}:${/^0x/i.test(address) ? address.toLowerCase() : address}`;
}

/** Catalog key of a pool. */
export function poolKey(version: string, chain: string, address: string): string {
  return `${version}:${chain}:${address.toLowerCase()}`;
}

interface ListToken {
  chainId: number;
  address: string;
  name: string;
  symbol: string;
  decimals: number;
  extensions?: unknown;
}

function iconPath(symbol: string | null, key: string): string {
  const lower = (symbol ?? "").toLowerCase();
  if (ICON_SYMBOLS.has(lower)) {
    // half the icon-package logos as SVG, half as PNG
    return hash32(key) % 2 === 0 ? `/logos/cc/svg/${lower}.svg` : `/logos/cc/png/${lower}.png`;
  }
  return `/logos/gen/${hash32(key).toString(16)}.png`;
}

function listRecord(
  chain: Chain,
  address: string | null,
  symbol: string,
  name: string,
  decimals: number,
  nativePrice: number | null,
): TokenRecord {
  const key = tokenKey(chain, address);
  const random = seeded(`token:${key}`);
  const projectRandom = seeded(`project:${symbol}`);
  const stable = STABLES.has(symbol);
  const price = nativePrice ?? KNOWN_PRICES[symbol] ??
    (stable ? 1 : Number(logBetween(projectRandom, 0.004, 60).toPrecision(5)));
  const rank = POPULAR.indexOf(symbol);
  const major = rank !== -1;
  const chainWeight = chain === "ETHEREUM" ? 1 : 0.35;
  const volume = (major ? logBetween(random, 2e7, 9e8) : logBetween(random, 2e4, 8e6)) *
    chainWeight;
  const tvl = (major ? logBetween(random, 5e7, 2e9) : logBetween(random, 1e5, 4e7)) *
    chainWeight;
  const marketCap = major ? logBetween(projectRandom, 5e9, 3e11) : logBetween(projectRandom, 2e6, 2e9);
  const spam = !major && random() < 0.03;
  return {
    key,
    chain,
    address,
    symbol,
    name,
    decimals,
    standard: address === null || nativePrice !== null ? "NATIVE" : "ERC20",
    logoPath: iconPath(symbol, key),
    projectKey: `project:${symbol}`,
    priceUsd: price,
    volume24hUsd: Math.round(volume * 100) / 100,
    tvlUsd: Math.round(tvl * 100) / 100,
    marketCapUsd: Math.round(marketCap),
    fdvUsd: Math.round(marketCap * between(projectRandom, 1, 1.6)),
    motion: { volatility: stable ? 0.02 : between(random, 0.45, 1.3), pegged: stable },
    popularity: major ? 1000 - rank * 10 + (chain === "ETHEREUM" ? 5 : 0) : Math.round(logBetween(random, 1, 500)),
    hasCandles: true,
    isSpam: spam,
    safetyLevel: major ? "VERIFIED" : spam ? "STRONG_WARNING" : "MEDIUM_WARNING",
    homepageUrl: `https://${symbol.toLowerCase().replace(/[^a-z0-9]/g, "")}.example.org`,
    twitterName: symbol.replace(/[^A-Za-z0-9_]/g, "") || null,
    feeBps: random() < 0.04 ? { buy: 100, sell: 200 } : null,
    fixture: false,
  };
}

function fixtureRecord(token: FixtureToken, index: number): TokenRecord {
  const key = tokenKey(token.chain, token.address);
  return {
    key,
    chain: token.chain,
    address: token.address,
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
    standard: "ERC20",
    logoPath: token.logoPath,
    projectKey: `fixture:${key}`,
    priceUsd: token.priceUsd,
    volume24hUsd: 48_000 + index * 13_750.5,
    tvlUsd: 310_000 + index * 55_100.25,
    marketCapUsd: 4_200_000 + index * 910_000,
    fdvUsd: 5_000_000 + index * 1_000_000,
    motion: { volatility: 0.9 },
    // between the majors and the long tail: on the first page of top tokens
    popularity: 700 - index,
    hasCandles: token.logoPath !== null,
    isSpam: false,
    safetyLevel: "MEDIUM_WARNING",
    homepageUrl: null,
    twitterName: null,
    feeBps: null,
    fixture: true,
  };
}

/** The tokens and pools of the demo gateway, with lookups. */
export class Catalog {
  /** Every token, by {@link tokenKey}. */
  readonly tokens: Map<string, TokenRecord> = new Map();
  /** Every pool, by {@link poolKey}. */
  readonly pools: Map<string, PoolRecord> = new Map();
  /** Tokens of each project key. */
  readonly projects: Map<string, TokenRecord[]> = new Map();

  constructor() {
    for (const chain of DEMO_CHAINS) {
      const native = NATIVE[chain];
      this.addToken(listRecord(
        chain,
        nativeAddress(chain),
        native.symbol,
        native.name,
        18,
        native.price,
      ));
      const id = chainInfoOf(chain)?.chainId;
      for (const t of (tokenList as { tokens: ListToken[] }).tokens) {
        if (t.chainId !== id) continue;
        if (this.tokens.has(tokenKey(chain, t.address))) continue;
        this.addToken(listRecord(chain, t.address, t.symbol, t.name, t.decimals, null));
      }
    }
    FIXTURE_TOKENS.forEach((t, i) => this.addToken(fixtureRecord(t, i)));
    SOLANA_TOKENS.forEach((t, i) =>
      this.addToken({ ...fixtureRecord(t, FIXTURE_TOKENS.length + i), safetyLevel: "VERIFIED", hasCandles: true })
    );
    for (const chain of DEMO_CHAINS) this.generatePools(chain);
    for (const pool of FIXTURE_POOLS) this.addFixturePool(pool);
  }

  private addToken(record: TokenRecord): void {
    this.tokens.set(record.key, record);
    const list = this.projects.get(record.projectKey) ?? [];
    list.push(record);
    this.projects.set(record.projectKey, list);
  }

  /** A token by chain and address (`null`: the chain's native token). */
  token(chain: string, address: string | null | undefined): TokenRecord | undefined {
    if (address === null || address === undefined) {
      const native = NATIVE[chain];
      return native ? this.tokens.get(tokenKey(chain, nativeAddress(chain))) : undefined;
    }
    return this.tokens.get(tokenKey(chain, address));
  }

  /** The token of a chain with this symbol, if any. */
  bySymbol(chain: string, symbol: string): TokenRecord | undefined {
    for (const t of this.tokens.values()) {
      if (t.chain === chain && t.symbol === symbol) return t;
    }
    return undefined;
  }

  /** A pool by version, chain and address or pool id. */
  pool(version: string, chain: string, address: string): PoolRecord | undefined {
    return this.pools.get(poolKey(version, chain, address));
  }

  /** Pools of a chain and version, by TVL, biggest first. */
  poolsOf(chain: string, version: string): PoolRecord[] {
    return [...this.pools.values()]
      .filter((p) => p.chain === chain && p.protocolVersion === version)
      .sort((a, b) => b.tvlUsd - a.tvlUsd);
  }

  private addPool(pool: Omit<PoolRecord, "key">): void {
    const key = poolKey(pool.protocolVersion, pool.chain, pool.address);
    if (!this.pools.has(key)) this.pools.set(key, { key, ...pool });
  }

  private poolNumbers(key: string, tvl: number) {
    const random = seeded(`pool:${key}`);
    return {
      tvlUsd: Math.round(tvl * 100) / 100,
      volume24hUsd: Math.round(tvl * between(random, 0.02, 0.6) * 100) / 100,
      txCount: Math.round(logBetween(random, 800, 2_500_000)),
      createdAt: 1_620_000_000 + Math.floor(random() * 120_000_000),
    };
  }

  /**
   * The address of a generated pool: on Ethereum, where the demo chain
   * deploys the pools, the factories' CREATE2 address (so the pool page and
   * the chain name the same contract); elsewhere a seeded one.
   */
  private poolAddress(
    version: "V2" | "V3",
    chain: Chain,
    tokens: { a: TokenRecord; b: TokenRecord; fee: number; seedKey: string },
  ): string {
    const { a, b, fee, seedKey } = tokens;
    if (chain !== "ETHEREUM" || a.address === null || b.address === null) {
      return addressFor(`${version.toLowerCase()}:${seedKey}`);
    }
    return version === "V2"
      ? v2PairAddress(ETHEREUM_CONTRACTS.v2Factory, a.address, b.address)
      : v3PoolAddress(ETHEREUM_CONTRACTS.v3Factory, a.address, b.address, { fee });
  }

  private generatePools(chain: Chain): void {
    const native = this.token(chain, null)!;
    const wrapped = this.bySymbol(chain, "WETH") ?? native;
    const usdc = this.bySymbol(chain, "USDC");
    const others = [...this.tokens.values()]
      .filter((t) =>
        t.chain === chain && !t.fixture && t !== native && t !== wrapped &&
        !t.isSpam
      )
      .sort((a, b) => b.popularity - a.popularity)
      .slice(0, 14);
    others.forEach((token, i) => {
      const seedKey = `${chain}:${token.key}`;
      const random = seeded(`gen-pool:${seedKey}`);
      const stable = token.motion.pegged;
      const tvlBase = Math.min(token.tvlUsd, wrapped.tvlUsd) * between(random, 0.2, 0.8);
      const fee = stable ? 500 : token.popularity > 900 ? 3000 : 10000;
      this.addPool({
        protocolVersion: "V3",
        chain,
        address: this.poolAddress("V3", chain, { a: token, b: wrapped, fee, seedKey }),
        token0: token,
        token1: wrapped,
        feeTier: fee,
        isDynamicFee: false,
        hookAddress: null,
        rewardsBoostedApr: null,
        ...this.poolNumbers(`v3:${seedKey}`, tvlBase),
      });
      if (i < 6) {
        this.addPool({
          protocolVersion: "V2",
          chain,
          address: this.poolAddress("V2", chain, { a: token, b: wrapped, fee: V2_FEE_TIER, seedKey }),
          token0: token,
          token1: wrapped,
          feeTier: V2_FEE_TIER,
          isDynamicFee: false,
          hookAddress: null,
          rewardsBoostedApr: null,
          ...this.poolNumbers(`v2:${seedKey}`, tvlBase * 0.3),
        });
      }
      if (i < 6) {
        // On Ethereum, the pool id the demo chain's PoolManager gives the pool (native ETH and the token), and at
        // most the TVL the chain holds; elsewhere a seeded id.
        const numbers = this.poolNumbers(`v4:${seedKey}`, tvlBase * 0.5);
        const onEthereum = chain === "ETHEREUM" && token.address !== null;
        this.addPool({
          protocolVersion: "V4",
          chain,
          address: onEthereum ? v4PoolId(v4PoolKey(null, token.address, { fee })) : hexFor(`v4:${seedKey}`, 64),
          token0: native,
          token1: token,
          feeTier: fee,
          isDynamicFee: false,
          hookAddress: null,
          rewardsBoostedApr: i === 0 ? 7.25 : null,
          ...numbers,
          tvlUsd: onEthereum ? Math.min(numbers.tvlUsd, MAX_CHAIN_POOL_TVL_USD) : numbers.tvlUsd,
        });
      }
    });
    if (usdc && wrapped !== native && chain !== "ETHEREUM") {
      const seedKey = `${chain}:usdc-weth`;
      this.addPool({
        protocolVersion: "V3",
        chain,
        address: addressFor(`v3:${seedKey}`),
        token0: usdc,
        token1: wrapped,
        feeTier: 500,
        isDynamicFee: false,
        hookAddress: null,
        rewardsBoostedApr: null,
        ...this.poolNumbers(`v3:${seedKey}`, usdc.tvlUsd * 0.4),
      });
    }
  }

  private addFixturePool(pool: FixturePool): void {
    const token0 = this.token(pool.chain, pool.token0);
    const token1 = this.token(pool.chain, pool.token1);
    if (!token0 || !token1) {
      throw new Error(`Fixture pool ${pool.address} names an unknown token`);
    }
    // A generated pool at the same address (same pair and fee on Ethereum) gives way to the fixture.
    this.pools.delete(poolKey(pool.protocolVersion, pool.chain, pool.address));
    this.addPool({
      protocolVersion: pool.protocolVersion,
      chain: pool.chain,
      address: pool.address,
      token0,
      token1,
      feeTier: pool.feeTier,
      isDynamicFee: pool.isDynamicFee,
      hookAddress: pool.hookAddress,
      rewardsBoostedApr: pool.rewardsBoostedApr,
      ...this.poolNumbers(`fixture:${pool.address}`, pool.tvlUsd),
    });
  }
}
