/**
 * Data of the NFT pages: popular collections and collection search, a
 * collection with its assets (paged), and one asset.
 *
 * @module
 */
import type { Client } from "@urql/core";
import { runQuery } from "../../queries/client.ts";
import type { ResultOf } from "../../queries/graphql.ts";
import {
  CollectionSearchQuery,
  NftCollectionQuery,
  NftItemQuery,
  PopularNftCollectionsQuery,
} from "../../queries/nft.ts";

/** Assets per page of a collection. */
export const ASSETS_PAGE = 24;

/** A collection as lists show it. */
export interface CollectionCard {
  readonly id: string;
  readonly name: string;
  readonly href: string;
  readonly imageUrl: string | null;
  readonly verified: boolean;
  readonly floor: number | null;
  readonly volume24h: number | null;
}

type CollectionNode =
  | NonNullable<ResultOf<typeof PopularNftCollectionsQuery>["topCollections"]>["edges"][number]["node"]
  | NonNullable<ResultOf<typeof CollectionSearchQuery>["nftCollections"]>["edges"][number]["node"];

function collectionCard(node: CollectionNode): CollectionCard | null {
  const address = node.nftContracts?.[0]?.address;
  if (!address) return null;
  const market = node.markets?.[0];
  return {
    id: node.collectionId,
    name: node.name ?? "Unnamed collection",
    href: `/nfts/collection/${address}`,
    imageUrl: node.image?.url ?? null,
    verified: node.isVerified ?? false,
    floor: market?.floorPrice?.value ?? null,
    volume24h: market && "volume" in market ? market.volume?.value ?? null : null,
  };
}

/** Popular collections (by daily volume), or collections matching `query`. */
export async function fetchCollections(client: Client, query: string): Promise<CollectionCard[]> {
  if (query) {
    const { data } = await runQuery(client, CollectionSearchQuery, { query });
    return (data?.nftCollections?.edges ?? []).flatMap((e) => {
      const card = collectionCard(e.node);
      return card ? [card] : [];
    });
  }
  const { data } = await runQuery(client, PopularNftCollectionsQuery, {});
  return (data?.topCollections?.edges ?? []).flatMap((e) => {
    const card = collectionCard(e.node);
    return card ? [card] : [];
  });
}

/** A collection as its page shows it. */
export type Collection = NonNullable<
  ResultOf<typeof NftCollectionQuery>["nftCollections"]
>["edges"][number]["node"];

/** One asset of a collection with its cheapest listing. */
export interface AssetCard {
  readonly id: string;
  readonly href: string;
  readonly name: string;
  readonly imageUrl: string | null;
  readonly price: number | null;
  readonly currency: string | null;
  readonly marketplace: string | null;
  readonly marketplaceUrl: string | null;
}

/** A page of a collection: its header data and a page of assets. */
export interface CollectionPage {
  readonly collection: Collection | null;
  readonly totalCount: number | null;
  readonly rows: AssetCard[];
  readonly cursors: { readonly after: string | null };
}

/** Fetches a collection and a page of its assets (cheapest first). */
export async function fetchCollection(
  client: Client,
  contractAddress: string,
  after?: string | null,
): Promise<CollectionPage> {
  const { data } = await runQuery(client, NftCollectionQuery, {
    contractAddress,
    first: ASSETS_PAGE,
    after: after ?? undefined,
  });
  const assets = data?.nftAssets;
  const rows = (assets?.edges ?? []).map((e) => {
    const listing = e.node.listings?.edges?.[0]?.node;
    return {
      id: `${contractAddress}:${e.node.tokenId}`,
      href: `/nfts/asset/${contractAddress}/${e.node.tokenId}`,
      name: e.node.name ?? `#${e.node.tokenId}`,
      imageUrl: e.node.image?.url ?? null,
      price: listing?.price.value ?? null,
      currency: listing?.price.currency ?? null,
      marketplace: listing?.marketplace ?? null,
      marketplaceUrl: listing?.marketplaceUrl ?? null,
    };
  });
  return {
    collection: data?.nftCollections?.edges?.[0]?.node ?? null,
    totalCount: assets?.totalCount ?? null,
    rows,
    cursors: { after: assets?.pageInfo.hasNextPage ? assets.pageInfo.endCursor ?? null : null },
  };
}

/** One asset with its activity, as the asset page shows it. */
export type NftItem = ResultOf<typeof NftItemQuery>;

/** Fetches one asset; `asset` is null when the gateway does not know it. */
export async function fetchItem(client: Client, contractAddress: string, tokenId: string) {
  const { data } = await runQuery(client, NftItemQuery, { contractAddress, tokenId });
  return {
    asset: data?.nftAssets?.edges?.[0]?.node ?? null,
    activity: (data?.nftActivity?.edges ?? []).map((e) => e.node),
  };
}
