/**
 * Loaders of the wallet screens: top pools for position lists, one pair for
 * pair screens, the UNI token for governance.
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import {
  type Chain,
  chainFromUrl,
  chainLabel,
  DEFAULT_CHAIN,
  parseChain,
  poolHref,
  tokenHref,
} from "../../lib/chains.ts";
import { fetchEdgePool } from "../../queries/edge.ts";
import { runQuery } from "../../queries/client.ts";
import { TokenDetailsQuery } from "../../queries/token.ts";
import { fetchTopPools, fetchTopTokens, VERSIONS } from "./explore_data.ts";
import { load, type Loaded } from "./load.ts";
import type { PoolRow, TokenRow } from "./rows.ts";
import { loadTrade, type TradeData } from "./trade_loader.ts";
import { tokenKey } from "../../lib/address.ts";
import { V3_FEE_TIERS } from "../../lib/fees.ts";

/** Address of the UNI token on Ethereum. */
export const UNI_ADDRESS = "0x1f9840a85d5af5bf1d1762f925bdaddc4201f984";

/** What the position lists load: the chain's top pools, and the V2 pairs whose pair tokens a wallet may hold. */
export interface TopPoolsData {
  readonly chain: Chain;
  readonly chainLabel: string;
  readonly pools: Loaded<PoolRow[]>;
  /** The V2 pairs among the chain's top pools (addresses), for the connected wallet's pair-token reads. */
  readonly v2Pairs: readonly string[];
  /** The chain's listed tokens with their USD prices and logos, to value and draw positions. */
  readonly tokens: readonly PricedToken[];
}

/** A token's USD price and logo by its address (lower case), as the gateway has them. */
export interface PricedToken {
  readonly address: string;
  readonly price: number | null;
  readonly logoUrl: string | null;
}

/** The priced tokens of top-token rows (the native token left out: positions hold its wrapped form). */
export function pricedTokens(rows: readonly TokenRow[]): PricedToken[] {
  return rows.flatMap((row) => {
    const address = row.href.split("/").pop() ?? "";
    return /^0x[0-9a-fA-F]{40}$/.test(address)
      ? [{ address: address.toLowerCase(), price: row.price, logoUrl: row.logoUrl }]
      : [];
  });
}

/** Top pools of the chain in `?chain=` (Ethereum by default). */
export async function loadTopPools({ request, context }: LoaderFunctionArgs): Promise<TopPoolsData> {
  const chain = chainFromUrl(new URL(request.url).searchParams.get("chain")) ?? DEFAULT_CHAIN;
  const client = context.gatewayClient();
  const [all, tokens] = await Promise.all([
    load(context, async () => (await fetchTopPools(client, { chain, versions: VERSIONS })).rows),
    load(context, () => fetchTopTokens(client, chain)),
  ]);
  const v2Pairs = all.ok
    ? all.data.filter((p) => p.protocolVersion.toUpperCase() === "V2").map((p) => p.href.split("/").pop() ?? "")
      .filter((a) => /^0x[0-9a-fA-F]{40}$/.test(a))
    : [];
  const pools: Loaded<PoolRow[]> = all.ok ? { ok: true, data: all.data.slice(0, 15) } : all;
  return { chain, chainLabel: chainLabel(chain), pools, v2Pairs, tokens: tokens.ok ? pricedTokens(tokens.data) : [] };
}

/** A pair as pair screens show it. */
export interface PairInfo {
  readonly version: string;
  readonly address: string;
  readonly href: string;
  readonly token0: string;
  readonly token1: string;
  readonly token0Logo: string | null;
  readonly token1Logo: string | null;
  readonly feeTier: number | null;
  readonly isDynamicFee: boolean;
  readonly tvl: number | null;
  readonly volume24h: number | null;
}

/** One pair or pool by chain name and address; `null` when unknown or malformed. */
export async function loadPair(
  context: LoaderFunctionArgs["context"],
  chainName: string | undefined,
  address: string | undefined,
): Promise<Loaded<PairInfo | null>> {
  const chain = parseChain(chainName ?? "");
  if (!chain || !address) return { ok: true, data: null };
  const client = context.gatewayClient();
  return await load(context, async () => {
    let pool;
    try {
      pool = await fetchEdgePool(client, chain, address);
    } catch (error) {
      if (error instanceof Error && error.name === "InvalidAddressError") return null;
      throw error;
    }
    if (!pool) return null;
    return {
      version: pool.protocolVersion,
      address: pool.address,
      href: poolHref(chain, pool.address),
      token0: pool.token0?.symbol ?? "UNK",
      token1: pool.token1?.symbol ?? "UNK",
      token0Logo: pool.token0?.project?.logoUrl ?? null,
      token1Logo: pool.token1?.project?.logoUrl ?? null,
      feeTier: pool.feeTier,
      isDynamicFee: pool.isDynamicFee,
      tvl: pool.totalLiquidityUsd,
      volume24h: pool.volume24hUsd,
    };
  });
}

/** The UNI token figures shown on governance screens. */
export interface GovernanceToken {
  readonly symbol: string;
  readonly logoUrl: string | null;
  readonly price: number | null;
  readonly change24h: number | null;
  readonly marketCap: number | null;
  readonly href: string;
}

/** The UNI token's price and market cap for governance screens. */
export async function loadGovernanceToken(
  { context }: LoaderFunctionArgs,
): Promise<Loaded<GovernanceToken | null>> {
  const client = context.gatewayClient();
  return await load(context, async () => {
    const token = (await runQuery(client, TokenDetailsQuery, { chain: "ETHEREUM", address: UNI_ADDRESS })).data?.token;
    if (!token) return null;
    return {
      symbol: token.symbol ?? "UNI",
      logoUrl: token.project?.logo?.url ?? token.project?.logoUrl ?? null,
      price: token.market?.price?.value ?? null,
      change24h: token.market?.pricePercentChange24H?.value ?? null,
      marketCap: token.project?.markets?.[0]?.marketCap?.value ?? null,
      href: tokenHref("ETHEREUM", UNI_ADDRESS),
    };
  });
}

/** The governance screens' data: the UNI token's figures. */
export async function loadGovernance(args: LoaderFunctionArgs): Promise<{ token: Loaded<GovernanceToken | null> }> {
  return { token: await loadGovernanceToken(args) };
}

/** A new position's screen data: the pickers' tokens, the pair the link preselects and its fee tier. */
export interface NewPositionData extends TradeData {
  /** `?fee=` when it is a V3 fee tier (hundredths of a basis point: 500, 3000...). */
  readonly fee: number | null;
}

/**
 * The new-position screens' loader: `loadTrade`'s tokens, with the pair from
 * `?currencyA=`/`?currencyB=` (the pool page's link, as app.uniswap.org
 * names them) or `?inputCurrency=`/`?outputCurrency=`, and `?fee=`.
 */
export async function loadNewPosition(args: LoaderFunctionArgs): Promise<NewPositionData> {
  const url = new URL(args.request.url);
  const trade = await loadTrade(args);
  // `?fee=`, or the path's `/add/:currencyIdA/:currencyIdB/:fee` (app.uniswap.org's links).
  const fee = Number(url.searchParams.get("fee") ?? args.params.fee);
  return {
    ...trade,
    input: tokenKey(url.searchParams.get("currencyA")) ?? trade.input,
    output: tokenKey(url.searchParams.get("currencyB")) ?? trade.output,
    fee: V3_FEE_TIERS.some((t) => t.fee === fee) ? fee : null,
  };
}

/** The chain's listed tokens with their USD prices and logos (`?chain=` or the route's `:chainName`), to value a position. */
export async function loadPricedTokens(
  { request, params, context }: LoaderFunctionArgs,
): Promise<{ tokens: readonly PricedToken[] }> {
  const chain = chainFromUrl(params.chainName ?? new URL(request.url).searchParams.get("chain")) ?? DEFAULT_CHAIN;
  const tokens = await load(context, () => fetchTopTokens(context.gatewayClient(), chain));
  return { tokens: tokens.ok ? pricedTokens(tokens.data) : [] };
}
