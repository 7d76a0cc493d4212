/**
 * Data of the portfolio pages: balances and totals, NFTs and activity of the
 * wallet in `?address=`, fetched the same way by the loaders and by "load
 * more" in the browser.
 *
 * @module
 */
import type { Client } from "@urql/core";
import { type Chain, CHAINS, tokenHref } from "../../lib/chains.ts";
import { runQuery } from "../../queries/client.ts";
import type { ResultOf } from "../../queries/graphql.ts";
import { ActivityWebQuery } from "../../queries/activity.ts";
import { NftBalancesQuery } from "../../queries/nft.ts";
import { PortfolioBalancesQuery } from "../../queries/portfolio.ts";
import type { Activity } from "./activity.ts";

/** Every chain the portfolio reads. */
export const PORTFOLIO_CHAINS: Chain[] = CHAINS.map((c) => c.chain);
/** Activities per page. */
export const ACTIVITY_PAGE = 25;
/** NFTs per page. */
export const NFT_PAGE = 24;

/** One token balance as the balances table shows it. */
export interface BalanceRow {
  readonly id: string;
  readonly href: string;
  readonly name: string;
  readonly symbol: string;
  readonly logoUrl: string | null;
  readonly chain: string;
  readonly quantity: number | null;
  readonly value: number | null;
  /** 24h price change in percent points. */
  readonly change24h: number | null;
  /** Hidden by the gateway (small or unwanted balance). */
  readonly hidden: boolean;
  /** Flagged as spam. */
  readonly spam: boolean;
}

/** A wallet's totals and balances. */
export interface Balances {
  readonly total: number | null;
  readonly change24hAbsolute: number | null;
  readonly change24hPercent: number | null;
  readonly rows: BalanceRow[];
}

type Portfolio = NonNullable<
  NonNullable<ResultOf<typeof PortfolioBalancesQuery>["portfolios"]>[number]
>;

/** Maps the gateway portfolio to totals and balance rows (largest value first). */
export function balancesOf(portfolio: Portfolio | null | undefined): Balances {
  const rows = (portfolio?.tokenBalances ?? []).flatMap((b, i) => {
    if (!b?.token) return [];
    const t = b.token;
    return [{
      id: `${t.chain}:${t.address ?? "native"}:${i}`,
      href: tokenHref(t.chain, t.address),
      name: t.name ?? t.symbol ?? "Unknown token",
      symbol: t.symbol ?? "UNK",
      logoUrl: t.project?.logo?.url ?? t.project?.logoUrl ?? null,
      chain: t.chain,
      quantity: b.quantity ?? null,
      value: b.denominatedValue?.value ?? null,
      change24h: b.tokenProjectMarket?.relativeChange24?.value ?? null,
      hidden: b.isHidden ?? false,
      spam: t.project?.isSpam ?? false,
    }];
  }).sort((a, b) => (b.value ?? 0) - (a.value ?? 0));
  return {
    total: portfolio?.tokensTotalDenominatedValue?.value ?? null,
    change24hAbsolute: portfolio?.tokensTotalDenominatedValueChange?.absolute?.value ?? null,
    change24hPercent: portfolio?.tokensTotalDenominatedValueChange?.percentage?.value ?? null,
    rows,
  };
}

/** Fetches a wallet's balances, spam and small balances included (the page hides them). */
export async function fetchBalances(client: Client, address: string): Promise<Balances> {
  const { data } = await runQuery(client, PortfolioBalancesQuery, {
    ownerAddress: address,
    chains: PORTFOLIO_CHAINS,
    valueModifiers: [{
      ownerAddress: address,
      includeSmallBalances: true,
      includeSpamTokens: true,
    }],
  });
  return balancesOf(data?.portfolios?.[0]);
}

/** A page of a wallet's activity, newest first; `nextPage` null at the end. */
export interface ActivityPage {
  readonly rows: Activity[];
  readonly cursors: { readonly nextPage: number | null };
}

/** Fetches a page (1-based) of a wallet's activity. */
export async function fetchActivity(
  client: Client,
  address: string,
  page = 1,
  pageSize = ACTIVITY_PAGE,
): Promise<ActivityPage> {
  const { data } = await runQuery(client, ActivityWebQuery, {
    account: address,
    chains: PORTFOLIO_CHAINS,
    page,
    pageSize,
  });
  const rows = (data?.portfolios?.[0]?.assetActivities ?? []).flatMap((a) => a ? [a satisfies Activity] : []);
  return { rows, cursors: { nextPage: rows.length === pageSize ? page + 1 : null } };
}

/** One owned NFT as the grid shows it. */
export interface NftCard {
  readonly id: string;
  readonly href: string;
  readonly name: string;
  readonly collection: string | null;
  readonly verified: boolean;
  readonly imageUrl: string | null;
  readonly floor: number | null;
  readonly spam: boolean;
  /** How many the wallet holds (ERC-1155 can hold several). */
  readonly quantity: number;
}

/** A page of NFTs and the cursor of the next. */
export interface NftPage {
  readonly rows: NftCard[];
  readonly cursors: { readonly after: string | null };
}

/** Fetches a page of a wallet's NFTs. */
export async function fetchNfts(client: Client, address: string, after?: string | null): Promise<NftPage> {
  const { data } = await runQuery(client, NftBalancesQuery, {
    ownerAddress: address,
    chains: PORTFOLIO_CHAINS,
    first: NFT_PAGE,
    after: after ?? undefined,
  });
  const conn = data?.nftBalances;
  const rows = (conn?.edges ?? []).flatMap((e) => {
    const a = e.node.ownedAsset;
    if (!a) return [];
    const contract = a.nftContract?.address ?? "";
    return [{
      id: `${contract}:${a.tokenId}`,
      href: `/nfts/asset/${contract}/${a.tokenId}`,
      name: a.name ?? `#${a.tokenId}`,
      collection: a.collection?.name ?? null,
      verified: a.collection?.isVerified ?? false,
      imageUrl: a.thumbnail?.url ?? a.image?.url ?? null,
      floor: a.collection?.markets?.[0]?.floorPrice?.value ?? null,
      spam: a.isSpam ?? false,
      quantity: e.node.quantity ?? 1,
    }];
  });
  return {
    rows,
    cursors: { after: conn?.pageInfo.hasNextPage ? conn.pageInfo.endCursor ?? null : null },
  };
}
