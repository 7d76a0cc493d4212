/**
 * The root value of the demo gateway: one resolver per `Query` field of the
 * demo SDL and the `onAssetActivity` subscription.
 *
 * @module
 */
import { Catalog, type PoolRecord, type TokenRecord } from "./catalog.ts";
import { type Duration, tvlLine, volumeBars } from "./market.ts";
import { amount, Model, timestamped, type TxArgs, USD_PER_UNIT } from "./model.ts";
import { createWallets, type Wallets } from "./wallet.ts";
import { canonicalWallet } from "./wallet_context.ts";
import type { ValueModifier } from "./wallet_portfolio.ts";
import { type FixtureNftCollection, NFT_COLLECTIONS } from "./fixtures.ts";
import { round } from "./market.ts";

/** Options of {@link createRoot}. */
export interface RootOptions {
  /** Origin the logo URLs point at. */
  readonly origin: string;
  /** "Now" of the data in unix seconds (default: the current hour). */
  readonly now?: number;
  /** Milliseconds between live activities of a subscription (default 10 s). */
  readonly liveIntervalMs?: number;
}

type Contract = { readonly chain: string; readonly address?: string | null };

interface PageArgs {
  readonly first?: number | null;
  readonly after?: string | null;
}

/** A Relay-style connection over a list, paged by `first` and `after`. */
function connection<T>(
  items: readonly T[],
  args: PageArgs,
  cursorOf: (item: T, index: number) => string,
) {
  const start = args.after ? items.findIndex((item, i) => cursorOf(item, i) === args.after) + 1 : 0;
  const first = Math.max(0, Math.min(args.first ?? 50, 200));
  const slice = items.slice(start, start + first);
  const edges = slice.map((node, i) => ({ cursor: cursorOf(node, start + i), node }));
  return {
    edges,
    totalCount: items.length,
    pageInfo: {
      hasPreviousPage: start > 0,
      hasNextPage: start + first < items.length,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges[edges.length - 1]?.cursor ?? null,
    },
  };
}

const ZERO_ADDRESS = "0x0000000000000000000000000000000000000000";

function sameAddress(token: TokenRecord, address: string): boolean {
  const lower = address.toLowerCase();
  return token.address === null ? lower === ZERO_ADDRESS : token.address.toLowerCase() === lower;
}

function matchesFilter(pool: PoolRecord, filter: string | null | undefined): boolean {
  return !filter || sameAddress(pool.token0, filter) || sameAddress(pool.token1, filter);
}

/** Builds the root value for an origin. */
export function createRoot(options: RootOptions): Record<string, unknown> {
  const now = options.now ?? Math.floor(Date.now() / 3_600_000) * 3600;
  const catalog = new Catalog();
  const model = new Model({ origin: options.origin, now, catalog });
  const wallets = createWallets(model);
  const liveIntervalMs = options.liveIntervalMs ?? 10_000;

  const token = (chain: string, address: string | null | undefined) => {
    const record = catalog.token(chain, address);
    return record ? model.token(record) : null;
  };
  const topPools = (version: string) =>
  (args: {
    chain: string;
    first: number;
    tvlCursor?: number | null;
    tokenFilter?: string | null;
  }) =>
    catalog.poolsOf(args.chain, version)
      .filter((p) => args.tvlCursor == null || p.tvlUsd < args.tvlCursor)
      .filter((p) => matchesFilter(p, args.tokenFilter))
      .slice(0, Math.max(0, Math.min(args.first, 500)))
      .map((p) => model.pool(p));
  const pairPools = (version: string) => (args: { chain: string; token0: string; token1: string }) =>
    catalog.poolsOf(args.chain, version)
      .filter((p) =>
        (sameAddress(p.token0, args.token0) && sameAddress(p.token1, args.token1)) ||
        (sameAddress(p.token0, args.token1) && sameAddress(p.token1, args.token0))
      )
      .map((p) => model.pool(p));
  const onePool = (version: string) => (chain: string, address: string) => {
    const record = catalog.pool(version, chain, address);
    return record ? model.pool(record) : null;
  };
  const collectionByAddress = (address: string) =>
    NFT_COLLECTIONS.find((c) => c.address.toLowerCase() === address.toLowerCase());
  const collectionNodes = (list: readonly FixtureNftCollection[]) => list.map((c) => wallets.nftCollection(c));

  return {
    isV3SubgraphStale: (args: { chain: string }) => args.chain === "UNKNOWN_CHAIN",
    historicalProtocolVolume: (
      args: { chain: string; version: string; duration: Duration },
    ) =>
      volumeBars(
        `protocol:${args.chain}:${args.version}`,
        args.chain === "ETHEREUM" ? 1.2e9 / ({ V2: 6, V3: 1, V4: 3 }[args.version] ?? 1) : 2e8,
        args.duration,
        now,
      ).map((p) => timestamped(`protocol:${args.chain}:${args.version}:${args.duration}`, p)),
    dailyProtocolTvl: (args: { chain: string; version: string }) =>
      tvlLine(`protocol-tvl:${args.chain}:${args.version}`, 2.5e9, "MONTH", now)
        .map((p) => timestamped(`protocolTvl:${args.chain}:${args.version}`, p)),
    topV2Pairs: topPools("V2"),
    topV3Pools: topPools("V3"),
    topV4Pools: topPools("V4"),
    v2Pair: (args: { chain: string; address: string }) => onePool("V2")(args.chain, args.address),
    v3Pool: (args: { chain: string; address: string }) => onePool("V3")(args.chain, args.address),
    v4Pool: (args: { chain: string; poolId: string }) => onePool("V4")(args.chain, args.poolId),
    v3PoolsForTokenPair: pairPools("V3"),
    v4PoolsForTokenPair: pairPools("V4"),
    v2Transactions: (args: TxArgs & { chain: string }) => model.chainTransactions(args.chain, "V2", args),
    v3Transactions: (args: TxArgs & { chain: string }) => model.chainTransactions(args.chain, "V3", args),
    v4Transactions: (args: TxArgs & { chain: string }) => model.chainTransactions(args.chain, "V4", args),
    convert: (args: {
      fromAmount: { currency: string; value: number };
      toCurrency: string;
    }) =>
      amount(
        `convert:${args.fromAmount.currency}:${args.toCurrency}:${args.fromAmount.value}`,
        round(
          args.fromAmount.value * (USD_PER_UNIT[args.fromAmount.currency] ?? 1) /
            (USD_PER_UNIT[args.toCurrency] ?? 1),
        ),
        args.toCurrency,
      ),
    tokens: (args: { contracts: readonly Contract[] }) => args.contracts.map((c) => token(c.chain, c.address ?? null)),
    token: (args: { chain: string; address?: string | null }) => token(args.chain, args.address ?? null),
    tokenProjects: (args: { contracts: readonly Contract[] }) =>
      args.contracts.map((c) => {
        const record = catalog.token(c.chain, c.address ?? null);
        return record ? model.project(record) : null;
      }),
    portfolios: (args: {
      ownerAddresses: readonly string[];
      chains?: readonly string[] | null;
      valueModifiers?: readonly ValueModifier[] | null;
    }) =>
      args.ownerAddresses.map((owner) =>
        wallets.portfolio(
          owner,
          args.chains,
          args.valueModifiers?.find((m) => canonicalWallet(m.ownerAddress) === canonicalWallet(owner)),
        )
      ),
    topTokens: (args: {
      chain?: string | null;
      page?: number | null;
      pageSize?: number | null;
      orderBy?: string | null;
    }) => {
      const key: (t: TokenRecord) => number = {
        TOTAL_VALUE_LOCKED: (t: TokenRecord) => t.tvlUsd,
        MARKET_CAP: (t: TokenRecord) => t.marketCapUsd,
        VOLUME: (t: TokenRecord) => t.volume24hUsd,
        POPULARITY: (t: TokenRecord) => t.popularity,
      }[args.orderBy ?? "POPULARITY"] ?? ((t: TokenRecord) => t.popularity);
      const pageSize = Math.max(0, Math.min(args.pageSize ?? 100, 500));
      const page = Math.max(1, args.page ?? 1);
      return [...catalog.tokens.values()]
        .filter((t) => !args.chain || t.chain === args.chain)
        .filter((t) => !t.isSpam)
        .sort((a, b) => key(b) - key(a) || a.key.localeCompare(b.key))
        .slice((page - 1) * pageSize, page * pageSize)
        .map((t) => model.token(t));
    },
    topCollections: (args: PageArgs & { chains?: readonly string[] | null }) => {
      const list = args.chains?.length && !args.chains.includes("ETHEREUM")
        ? []
        : [...NFT_COLLECTIONS].sort((a, b) => b.volume24hEth - a.volume24hEth);
      return connection(collectionNodes(list), args, (c) => String(c.id));
    },
    nftCollections: (
      args: PageArgs & {
        filter?: { addresses?: readonly string[] | null; nameQuery?: string | null } | null;
      },
    ) => {
      const addresses = args.filter?.addresses?.map((a) => a.toLowerCase());
      const query = args.filter?.nameQuery?.toLowerCase();
      const list = NFT_COLLECTIONS
        .filter((c) => !addresses || addresses.includes(c.address.toLowerCase()))
        .filter((c) => !query || c.name.toLowerCase().includes(query));
      return connection(collectionNodes(list), args, (c) => String(c.id));
    },
    nftAssets: (
      args: PageArgs & {
        address: string;
        orderBy?: string | null;
        asc?: boolean | null;
        filter?: { tokenIds?: readonly string[] | null } | null;
      },
    ) => {
      const c = collectionByAddress(args.address);
      if (!c) return connection([], args, () => "");
      const ids = Array.from({ length: c.size }, (_, i) => i + 1)
        .filter((id) => !args.filter?.tokenIds || args.filter.tokenIds.includes(String(id)));
      const assets = ids.map((id) => wallets.nftAsset(c, id));
      return connection(assets, args, (a) => String(a.id));
    },
    nftBalances: (
      args: PageArgs & {
        ownerAddress: string;
        chains?: readonly string[] | null;
      },
    ) => {
      const edges = wallets.nftBalances(args.ownerAddress, args.chains);
      return connection(edges.map((e) => e.node), args, (n) => n.id);
    },
    nftActivity: (
      args: PageArgs & {
        filter?: { address?: string | null; tokenId?: string | null } | null;
      },
    ) => {
      const collections = args.filter?.address
        ? NFT_COLLECTIONS.filter((c) => c.address.toLowerCase() === args.filter!.address!.toLowerCase())
        : NFT_COLLECTIONS;
      const tokenId = args.filter?.tokenId ? Number(args.filter.tokenId) : null;
      const nodes = collections.flatMap((c) => wallets.nftActivity(c, tokenId).map((e) => e.node));
      return connection(nodes, args, (n) => n.id);
    },
    onAssetActivity: (args: { subscriptionId: string; addresses: readonly string[] }) =>
      liveActivities(wallets, args, liveIntervalMs),
  };
}

/**
 * The live activity stream of a subscription: a first event shortly after
 * subscribing, then one per interval. Ending it clears its timer at once.
 */
function liveActivities(
  wallets: Wallets,
  args: { subscriptionId: string; addresses: readonly string[] },
  intervalMs: number,
): AsyncIterableIterator<{ onAssetActivity: unknown }> {
  let n = 0;
  let done = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let wake: (() => void) | undefined;
  const owner = canonicalWallet(args.addresses[0] ?? "");
  const iterator: AsyncIterableIterator<{ onAssetActivity: unknown }> = {
    [Symbol.asyncIterator]() {
      return iterator;
    },
    next() {
      if (done) return Promise.resolve({ done: true, value: undefined });
      return new Promise((resolve) => {
        wake = () => resolve({ done: true, value: undefined });
        timer = setTimeout(() => {
          timer = undefined;
          wake = undefined;
          const timestamp = Math.floor(Date.now() / 1000);
          resolve({
            done: false,
            value: {
              onAssetActivity: wallets.liveActivity(owner, args.subscriptionId, n++, timestamp),
            },
          });
        }, n === 0 ? 50 : intervalMs);
      });
    },
    return() {
      done = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
      wake?.();
      wake = undefined;
      return Promise.resolve({ done: true, value: undefined });
    },
  };
  return iterator;
}
