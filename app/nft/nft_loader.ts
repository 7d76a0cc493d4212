/**
 * Loaders of the NFT pages: the collections (and `?q=` search), one
 * collection, one asset. Failures become data the screens show (`load.ts`).
 *
 * @module
 */
import type { LoaderFunctionArgs } from "react-router";
import { load } from "../lib/load.ts";
import { fetchCollection, fetchCollections, fetchItem } from "./nft_data.ts";

/** `/nfts`: popular collections, or those matching `?q=`. */
export async function loadCollections({ request, context }: LoaderFunctionArgs) {
  const query = new URL(request.url).searchParams.get("q")?.trim() ?? "";
  const client = context.gatewayClient();
  return { query, collections: await load(context, () => fetchCollections(client, query)) };
}

/** `/nfts/collection/:contractAddress` (and its activity tab): the collection and its first items. */
export async function loadCollection({ params, context }: LoaderFunctionArgs) {
  const address = params.contractAddress ?? "";
  const client = context.gatewayClient();
  return { address, collection: await load(context, () => fetchCollection(client, address)) };
}

/** `/nfts/asset/:contractAddress/:tokenId`: one asset and its activity. */
export async function loadAsset({ params, context }: LoaderFunctionArgs) {
  const address = params.contractAddress ?? "";
  const tokenId = params.tokenId ?? "";
  const client = context.gatewayClient();
  return { address, tokenId, item: await load(context, () => fetchItem(client, address, tokenId)) };
}
