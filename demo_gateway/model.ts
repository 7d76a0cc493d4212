/**
 * GraphQL objects of the demo gateway for tokens, pools and pool
 * transactions, built from the catalog. Fields with arguments are methods,
 * which graphql-js's default resolver calls with the arguments.
 *
 * @module
 */
import { V3_FEE_TIERS } from "../lib/fees.ts";
import type { SeriesPoint } from "../lib/series.ts";
import type { Catalog, PoolRecord, TokenRecord } from "./catalog.ts";
import { candles, downsample, type Duration, percentChange, priceLine, round, tvlLine, volumeBars } from "./market.ts";
import { addressFor, between, hexFor, intBetween, seeded } from "./prng.ts";
import { DEMO_WALLET, SECOND_DEMO_WALLET } from "./fixtures.ts";

/** What every object of the demo gateway needs to know. */
export interface ModelContext {
  /** Origin logos are served from (`http://127.0.0.1:PORT`). */
  readonly origin: string;
  /** "Now" of the data, in unix seconds: series end here. */
  readonly now: number;
  readonly catalog: Catalog;
}

/** USD value of one unit of each currency. */
export const USD_PER_UNIT: Readonly<Record<string, number>> = {
  USD: 1,
  EUR: 1.087,
  GBP: 1.268,
  JPY: 0.00667,
  CNY: 0.1381,
  KRW: 0.000718,
  INR: 0.01185,
  CAD: 0.7231,
  AUD: 0.6532,
  NZD: 0.5968,
  BRL: 0.1742,
  ARS: 0.00101,
  COP: 0.000232,
  MXN: 0.0497,
  HKD: 0.1285,
  SGD: 0.7452,
  IDR: 0.0000629,
  THB: 0.02899,
  TRY: 0.0288,
  UAH: 0.02402,
  RUB: 0.01081,
  NGN: 0.000646,
  PKR: 0.00359,
  VND: 0.0000393,
  ETH: 3180.42,
  MATIC: 0.4211,
};

/** An `Amount` object. */
export function amount(id: string, value: number, currency: string | null = "USD") {
  return { __typename: "Amount", id, value, currency };
}

/** A `TimestampedAmount` object. */
export function timestamped(id: string, point: SeriesPoint, currency = "USD") {
  return {
    __typename: "TimestampedAmount",
    id: `${id}:${point.timestamp}`,
    value: point.value,
    timestamp: point.timestamp,
    currency,
  };
}

type Args<T> = Readonly<T>;

function rate(currency: string | null | undefined): number {
  return USD_PER_UNIT[currency ?? "USD"] ?? 1;
}

const DESCRIPTIONS: Record<string, (name: string, chain: string) => string> = {
  descriptionEnUs: (n, c) => `${n} is a token traded on Uniswap on ${c}.`,
  descriptionEsEs: (n, c) => `${n} es un token que se negocia en Uniswap en ${c}.`,
  descriptionFrFr: (n, c) => `${n} est un jeton échangé sur Uniswap sur ${c}.`,
  descriptionJaJp: (n, c) => `${n} は ${c} 上の Uniswap で取引されるトークンです。`,
  descriptionPtPt: (n, c) => `${n} é um token negociado na Uniswap na rede ${c}.`,
  descriptionViVn: (n, c) => `${n} là một token được giao dịch trên Uniswap trên ${c}.`,
  descriptionZhHans: (n, c) => `${n} 是在 ${c} 上的 Uniswap 交易的代币。`,
  descriptionZhHant: (n, c) => `${n} 是在 ${c} 上的 Uniswap 交易的代幣。`,
};

/** Builds and caches the GraphQL objects of tokens, pools and transactions. */
export class Model {
  readonly ctx: ModelContext;
  private readonly lines = new Map<string, SeriesPoint[]>();
  private readonly tokenObjects = new Map<string, Record<string, unknown>>();
  private readonly transactionsByPool = new Map<string, PoolTx[]>();

  constructor(ctx: ModelContext) {
    this.ctx = ctx;
  }

  /** Absolute URL of a gateway path, or `null`. */
  url(path: string | null): string | null {
    return path === null ? null : `${this.ctx.origin}${path}`;
  }

  /** Price line of a token for a duration (cached). */
  tokenPrices(token: TokenRecord, duration: Duration): SeriesPoint[] {
    const key = `token:${token.key}:${duration}`;
    let line = this.lines.get(key);
    if (!line) {
      line = priceLine(token.key, token.priceUsd, duration, this.ctx.now, token.motion);
      this.lines.set(key, line);
    }
    return line;
  }

  /** The `Token` object of a catalog token. */
  token(record: TokenRecord): Record<string, unknown> {
    const cached = this.tokenObjects.get(record.key);
    if (cached) return cached;
    const id = `Token:${record.key}`;
    const object: Record<string, unknown> = {
      __typename: "Token",
      id,
      chain: record.chain,
      address: record.address,
      standard: record.standard,
      decimals: record.decimals,
      name: record.name,
      symbol: record.symbol,
      feeData: record.feeBps
        ? {
          buyFeeBps: String(record.feeBps.buy),
          sellFeeBps: String(record.feeBps.sell),
          feeTakenOnTransfer: true,
          externalTransferFailed: false,
          sellReverted: false,
        }
        : null,
      protectionInfo: {
        result: record.isSpam ? "SPAM" : record.safetyLevel === "VERIFIED" ? "BENIGN" : "UNKNOWN",
        attackTypes: record.isSpam ? ["AIRDROP_PATTERN"] : [],
        blockaidFees: record.feeBps
          ? { buy: record.feeBps.buy / 100, sell: record.feeBps.sell / 100, transfer: 0 }
          : null,
      },
      market: (args: Args<{ currency?: string | null }>) => this.tokenMarket(record, object, args.currency ?? "USD"),
      v4Transactions: (args: Args<TxArgs>) => this.tokenTransactions(record, "V4", args),
      v3Transactions: (args: Args<TxArgs>) => this.tokenTransactions(record, "V3", args),
      v2Transactions: (args: Args<TxArgs>) => this.tokenTransactions(record, "V2", args),
    };
    // set after the object exists: the project lists its tokens
    this.tokenObjects.set(record.key, object);
    object.project = this.project(record);
    return object;
  }

  /** The `TokenProject` object of a catalog token. */
  project(record: TokenRecord): Record<string, unknown> {
    const name = record.name ?? record.symbol ?? "Unknown token";
    const chainName = record.chain.charAt(0) + record.chain.slice(1).toLowerCase();
    const logoUrl = this.url(record.logoPath);
    const project: Record<string, unknown> = {
      __typename: "TokenProject",
      id: `TokenProject:${record.projectKey}`,
      name: record.name,
      description: DESCRIPTIONS.descriptionEnUs(name, chainName),
      descriptionTranslations: Object.fromEntries([
        ["id", `DescriptionTranslations:${record.projectKey}`],
        ...Object.entries(DESCRIPTIONS).map(([k, f]) => [k, f(name, chainName)]),
      ]),
      twitterName: record.twitterName,
      homepageUrl: record.homepageUrl,
      logoUrl,
      logo: logoUrl ? { id: `Image:${record.key}`, url: logoUrl, dimensions: null } : null,
      isSpam: record.isSpam,
      spamCode: record.isSpam ? 2 : 0,
      safetyLevel: record.safetyLevel,
      markets: (args: Args<{ currencies: readonly string[] }>) =>
        args.currencies.map((c) => this.projectMarket(record, project, c)),
    };
    Object.defineProperty(project, "tokens", {
      enumerable: true,
      get: () => (this.ctx.catalog.projects.get(record.projectKey) ?? [record]).map((t) => this.token(t)),
    });
    return project;
  }

  private tokenMarket(record: TokenRecord, token: unknown, currency: string) {
    const r = rate(currency);
    const id = `TokenMarket:${record.key}:${currency}`;
    const money = (suffix: string, usd: number) => amount(`${id}:${suffix}`, round(usd / r), currency);
    const line = (duration: Duration) => this.tokenPrices(record, duration);
    return {
      __typename: "TokenMarket",
      id,
      token,
      price: money("price", record.priceUsd),
      priceSource: "SUBGRAPH_V3",
      totalValueLocked: money("tvl", record.tvlUsd),
      fullyDilutedValuation: money("fdv", record.fdvUsd),
      volume: (args: Args<{ duration: Duration }>) =>
        money(
          `volume:${args.duration}`,
          volumeBars(record.key, record.volume24hUsd, args.duration, this.ctx.now)
            .reduce((sum, p) => sum + p.value, 0),
        ),
      pricePercentChange: (args: Args<{ duration: Duration }>) =>
        amount(`${id}:change:${args.duration}`, percentChange(line(args.duration)), null),
      priceHighLow: (args: Args<{ duration: Duration; highLow: "HIGH" | "LOW" }>) => {
        const values = line(args.duration).map((p) => p.value);
        const v = args.highLow === "HIGH" ? Math.max(...values) : Math.min(...values);
        return money(`${args.highLow}:${args.duration}`, v);
      },
      priceHistory: (args: Args<{ duration: Duration; maxLength?: number | null }>) =>
        downsample(line(args.duration), args.maxLength).map((p) =>
          timestamped(`${id}:price:${args.duration}`, { ...p, value: round(p.value / r) }, currency)
        ),
      ohlc: (args: Args<{ duration: Duration }>) =>
        record.hasCandles
          ? candles(record.key, line(args.duration), args.duration).map((c) => ({
            id: `${id}:ohlc:${args.duration}:${c.timestamp}`,
            timestamp: c.timestamp,
            open: amount(`${id}:o:${c.timestamp}`, round(c.open / r), currency),
            high: amount(`${id}:h:${c.timestamp}`, round(c.high / r), currency),
            low: amount(`${id}:l:${c.timestamp}`, round(c.low / r), currency),
            close: amount(`${id}:c:${c.timestamp}`, round(c.close / r), currency),
          }))
          : [],
      historicalVolume: (args: Args<{ duration: Duration }>) =>
        volumeBars(record.key, record.volume24hUsd, args.duration, this.ctx.now).map((p) =>
          timestamped(`${id}:vol:${args.duration}`, { ...p, value: round(p.value / r) }, currency)
        ),
      historicalTvl: (args: Args<{ duration: Duration }>) =>
        tvlLine(record.key, record.tvlUsd, args.duration, this.ctx.now).map((p) =>
          timestamped(`${id}:tvl:${args.duration}`, { ...p, value: round(p.value / r) }, currency)
        ),
    };
  }

  /** The `TokenProjectMarket` of a token in a currency. */
  projectMarket(record: TokenRecord, project: unknown, currency: string) {
    const r = rate(currency);
    const id = `TokenProjectMarket:${record.projectKey}:${currency}`;
    const money = (suffix: string, usd: number) => amount(`${id}:${suffix}`, round(usd / r), currency);
    const line = (duration: Duration) => this.tokenPrices(record, duration);
    const year = line("YEAR").map((p) => p.value);
    return {
      __typename: "TokenProjectMarket",
      id,
      tokenProject: project,
      currency,
      price: money("price", record.priceUsd),
      marketCap: money("mcap", record.marketCapUsd),
      fullyDilutedValuation: money("fdv", record.fdvUsd),
      pricePercentChange24h: amount(`${id}:change24h`, percentChange(line("DAY")), null),
      priceHigh52w: money("high52w", Math.max(...year)),
      priceLow52w: money("low52w", Math.min(...year)),
      priceHistory: (args: Args<{ duration: Duration; maxLength?: number | null }>) =>
        downsample(line(args.duration), args.maxLength).map((p) =>
          timestamped(`${id}:price:${args.duration}`, { ...p, value: round(p.value / r) }, currency)
        ),
      pricePercentChange: (args: Args<{ duration: Duration }>) =>
        amount(`${id}:change:${args.duration}`, percentChange(line(args.duration)), null),
      priceHighLow: (args: Args<{ duration: Duration; highLow: "HIGH" | "LOW" }>) => {
        const values = line(args.duration).map((p) => p.value);
        return money(
          `${args.highLow}:${args.duration}`,
          args.highLow === "HIGH" ? Math.max(...values) : Math.min(...values),
        );
      },
    };
  }

  /** The `V2Pair`, `V3Pool` or `V4Pool` object of a catalog pool. */
  pool(record: PoolRecord): Record<string, unknown> {
    const typename = record.protocolVersion === "V2" ? "V2Pair" : record.protocolVersion === "V3" ? "V3Pool" : "V4Pool";
    const id = `${typename}:${record.key}`;
    const { token0, token1 } = record;
    const ratio = token0.priceUsd / token1.priceUsd;
    const volumeOf = (duration: Duration) => volumeBars(record.key, record.volume24hUsd, duration, this.ctx.now);
    const object: Record<string, unknown> = {
      __typename: typename,
      id,
      protocolVersion: record.protocolVersion,
      chain: record.chain,
      createdAtTimestamp: record.createdAt,
      totalLiquidity: amount(`${id}:tvl`, record.tvlUsd),
      totalLiquidityPercentChange24h: amount(
        `${id}:tvlChange`,
        percentChange(tvlLine(record.key, record.tvlUsd, "DAY", this.ctx.now)),
        null,
      ),
      token0: this.token(token0),
      token1: this.token(token1),
      token0Supply: round(record.tvlUsd / 2 / token0.priceUsd),
      token1Supply: round(record.tvlUsd / 2 / token1.priceUsd),
      txCount: record.txCount,
      cumulativeVolume: (args: Args<{ duration: Duration }>) =>
        amount(
          `${id}:volume:${args.duration}`,
          round(volumeOf(args.duration).reduce((s, p) => s + p.value, 0)),
        ),
      historicalVolume: (args: Args<{ duration: Duration }>) =>
        volumeOf(args.duration).map((p) => timestamped(`${id}:vol:${args.duration}`, p)),
      priceHistory: (args: Args<{ duration: Duration }>) =>
        priceLine(record.key, ratio, args.duration, this.ctx.now, {
          volatility: Math.max(token0.motion.volatility, token1.motion.volatility) * 0.8,
          pegged: token0.motion.pegged && token1.motion.pegged,
        }).map((p) => ({
          __typename: "TimestampedPoolPrice",
          id: `${id}:price:${args.duration}:${p.timestamp}`,
          timestamp: p.timestamp,
          token0Price: p.value,
          token1Price: round(1 / p.value),
        })),
      transactions: (args: Args<TxArgs>) => page(this.poolTransactions(record), args).map((t) => this.transaction(t)),
    };
    if (record.protocolVersion === "V4") {
      object.poolId = record.address;
      object.isDynamicFee = record.isDynamicFee;
      object.hook = record.hookAddress ? { id: `V4PoolHook:${record.hookAddress}`, address: record.hookAddress } : null;
      object.rewardsCampaign = record.rewardsBoostedApr === null ? null : {
        id: `RewardsCampaign:${record.key}`,
        boostedApr: record.rewardsBoostedApr,
        startTimestamp: this.ctx.now - 14 * 86_400,
        endTimestamp: this.ctx.now + 16 * 86_400,
        totalRewardAllocation: "250000",
        distributedRewards: "116500",
      };
    } else {
      object.address = record.address;
    }
    if (record.protocolVersion !== "V2") {
      object.feeTier = record.feeTier;
      object.ticks = (args: Args<{ skip?: number | null; first?: number | null }>) =>
        this.ticks(record, typename).slice(
          args.skip ?? 0,
          (args.skip ?? 0) + (args.first ?? 1000),
        );
    }
    return object;
  }

  private ticks(record: PoolRecord, typename: string) {
    const spacing = record.isDynamicFee ? 60 : V3_FEE_TIERS.find((t) => t.fee === record.feeTier)?.tickSpacing ?? 60;
    const raw = (record.token0.priceUsd / record.token1.priceUsd) *
      10 ** (record.token1.decimals - record.token0.decimals);
    const current = Math.floor(Math.log(raw) / Math.log(1.0001) / spacing) * spacing;
    const random = seeded(`ticks:${record.key}`);
    const out = [];
    let net = 0n;
    for (let i = -20; i <= 20; i++) {
      const tickIdx = current + i * spacing * 4;
      const liquidity = BigInt(Math.round(1e12 * between(random, 0.5, 4) / (1 + Math.abs(i) / 6)));
      const liquidityNet = i < 0 ? liquidity : i === 20 ? -net : -liquidity / 2n;
      net += liquidityNet;
      const price0 = 1.0001 ** tickIdx;
      out.push({
        __typename: `${typename}Tick`,
        id: `${typename}Tick:${record.key}:${tickIdx}`,
        tickIdx,
        liquidityGross: String(liquidity < 0n ? -liquidity : liquidity),
        liquidityNet: String(liquidityNet),
        price0: String(Number(price0.toPrecision(12))),
        price1: String(Number((1 / price0).toPrecision(12))),
      });
    }
    return out;
  }

  /** Transactions of a pool, newest first (made once, deterministic). */
  poolTransactions(record: PoolRecord): PoolTx[] {
    const cached = this.transactionsByPool.get(record.key);
    if (cached) return cached;
    const random = seeded(`txs:${record.key}`);
    const count = 120;
    const gap = Math.max(12, Math.round(86_400 * 30 / Math.max(record.txCount / 100, 40)));
    let timestamp = this.ctx.now - intBetween(random, 5, 300);
    const out: PoolTx[] = [];
    for (let i = 0; i < count; i++) {
      const roll = random();
      const type = roll < 0.82 ? "SWAP" : roll < 0.93 ? "ADD" : "REMOVE";
      const usd = round(Math.min(record.tvlUsd * 0.05, Math.exp(between(random, 3, 12))));
      const q0 = usd / record.token0.priceUsd;
      const q1 = usd / record.token1.priceUsd;
      const buy0 = random() < 0.5;
      const sign0 = type === "SWAP" ? (buy0 ? -1 : 1) : type === "ADD" ? 1 : -1;
      const sign1 = type === "SWAP" ? -sign0 : sign0;
      const half = type === "SWAP" ? 1 : 0.5;
      out.push({
        pool: record,
        index: i,
        type,
        hash: hexFor(`tx:${record.key}:${i}`, 64),
        timestamp,
        usdValue: usd,
        account: i % 17 === 3 ? pickDemoAccount(i) : addressFor(`trader:${Math.floor(random() * 40)}`),
        token0Quantity: formatQuantity(sign0 * q0 * half),
        token1Quantity: formatQuantity(sign1 * q1 * half),
      });
      timestamp -= Math.round(gap * between(random, 0.2, 1.8));
    }
    this.transactionsByPool.set(record.key, out);
    return out;
  }

  /** The `PoolTransaction` object of a transaction. */
  transaction(tx: PoolTx) {
    const id = `PoolTransaction:${tx.pool.key}:${tx.index}`;
    return {
      __typename: "PoolTransaction",
      id,
      chain: tx.pool.chain,
      protocolVersion: tx.pool.protocolVersion,
      type: tx.type,
      hash: tx.hash,
      timestamp: tx.timestamp,
      usdValue: amount(`${id}:usd`, tx.usdValue),
      account: tx.account,
      token0: this.token(tx.pool.token0),
      token0Quantity: tx.token0Quantity,
      token1: this.token(tx.pool.token1),
      token1Quantity: tx.token1Quantity,
    };
  }

  /** Transactions of every pool of a version on a chain, newest first. */
  chainTransactions(chain: string, version: string, args: TxArgs) {
    const all = this.ctx.catalog.poolsOf(chain, version).flatMap((p) => this.poolTransactions(p));
    return page(sortTxs(all), args).map((t) => this.transaction(t));
  }

  private tokenTransactions(token: TokenRecord, version: string, args: TxArgs) {
    const all = this.ctx.catalog.poolsOf(token.chain, version)
      .filter((p) => p.token0 === token || p.token1 === token)
      .flatMap((p) => this.poolTransactions(p));
    return page(sortTxs(all), args).map((t) => this.transaction(t));
  }
}

/** Arguments of the transaction lists. */
export interface TxArgs {
  readonly first: number;
  readonly timestampCursor?: number | null;
}

/** A generated pool transaction. */
export interface PoolTx {
  readonly pool: PoolRecord;
  readonly index: number;
  readonly type: "SWAP" | "ADD" | "REMOVE";
  readonly hash: string;
  readonly timestamp: number;
  readonly usdValue: number;
  readonly account: string;
  readonly token0Quantity: string;
  readonly token1Quantity: string;
}

function sortTxs(txs: PoolTx[]): PoolTx[] {
  return txs.sort((a, b) => b.timestamp - a.timestamp || a.hash.localeCompare(b.hash));
}

/** Newest-first page: older than the cursor (exclusive), at most `first`. */
function page(txs: readonly PoolTx[], args: TxArgs): PoolTx[] {
  const cursor = args.timestampCursor;
  const older = cursor === null || cursor === undefined ? txs : txs.filter((t) => t.timestamp < cursor);
  return older.slice(0, Math.max(0, Math.min(args.first, 1000)));
}

function pickDemoAccount(i: number): string {
  return i % 2 === 0 ? DEMO_WALLET : SECOND_DEMO_WALLET;
}

function formatQuantity(value: number): string {
  return String(Number(value.toPrecision(8)));
}
