/**
 * NFT asset and collection previews for pages (`meta()`) and share images,
 * read from the gateway through the preview cache like tokens (7 days, one
 * gateway call per lookup: `queries/edge.ts`'s `NftAssetPreview` and
 * `NftCollectionPreview`). NFTs are on Ethereum; the page URL names the
 * contract (and the token id). A malformed contract or token id gives `null`
 * without a gateway call.
 *
 * @module
 */
import type { Client } from "@urql/core";
import type { Validator } from "../cache/json_store.ts";
import { cacheKeys } from "../cache/cache_keys.ts";
import { createSingleFlight } from "../../lib/single_flight.ts";
import {
  MAX_TITLE,
  type NftAssetPreview,
  type NftAssetPreviewData,
  type NftCollectionPreview,
  type NftCollectionPreviewData,
  type PreviewSource,
} from "../../lib/preview_types.ts";
import { fitText } from "../../lib/text.ts";
import {
  type EdgeNftAsset,
  type EdgeNftCollection,
  fetchEdgeNftAsset,
  fetchEdgeNftCollection,
} from "../../queries/edge.ts";
import {
  displayText,
  finite,
  isNullableText,
  isObject,
  isOptionalNumber,
  present,
  type ReadThrough,
} from "./preview_entries.ts";

/** Whether a cached value is an NFT asset entry. */
const isNftAssetEntry: Validator<NftAssetPreviewData> = (value): value is NftAssetPreviewData =>
  isObject(value) && isNullableText(value.name) && typeof value.tokenId === "string" &&
  isNullableText(value.collectionName) && typeof value.isVerified === "boolean" && isNullableText(value.imageUrl) &&
  isOptionalNumber(value.listingEth) && isOptionalNumber(value.floorEth);

/** Whether a cached value is an NFT collection entry. */
const isNftCollectionEntry: Validator<NftCollectionPreviewData> = (value): value is NftCollectionPreviewData =>
  isObject(value) && isNullableText(value.name) && typeof value.isVerified === "boolean" &&
  isNullableText(value.imageUrl) && isOptionalNumber(value.floorEth) && isOptionalNumber(value.volume24hEth) &&
  isOptionalNumber(value.owners) && isOptionalNumber(value.items);

/** An amount the gateway gave in ETH, else `null` (a market in another currency is not shown as ETH). */
function ethAmount(amount: { currency?: string | null; value?: number | null } | null | undefined): number | null {
  if (!amount || (amount.currency != null && amount.currency !== "ETH")) return null;
  return finite(amount.value);
}

/** The preview data of an NFT as {@linkcode fetchEdgeNftAsset} read it. */
function nftAssetData(asset: EdgeNftAsset, tokenId: string): NftAssetPreviewData {
  const listing = asset.listings?.edges[0]?.node?.price;
  return {
    name: displayText(asset.name),
    tokenId,
    collectionName: displayText(asset.collection?.name),
    isVerified: asset.collection?.isVerified === true,
    imageUrl: present(asset.image?.url),
    listingEth: ethAmount(listing),
    floorEth: ethAmount(asset.collection?.markets?.[0]?.floorPrice),
  };
}

/** The preview data of an NFT collection as {@linkcode fetchEdgeNftCollection} read it. */
function nftCollectionData(collection: EdgeNftCollection): NftCollectionPreviewData {
  const market = collection.markets?.[0];
  return {
    name: displayText(collection.name),
    isVerified: collection.isVerified === true,
    imageUrl: present(collection.image?.url),
    floorEth: ethAmount(market?.floorPrice),
    volume24hEth: ethAmount(market?.volume),
    owners: finite(market?.owners),
    items: finite(collection.numAssets),
  };
}

/** Title of an NFT asset preview: its name, else `{collection} #{id}`, else `NFT #{id}`, within {@linkcode MAX_TITLE}. */
export function nftAssetTitle(data: NftAssetPreviewData): string {
  if (data.name !== null) return fitText(MAX_TITLE, (n) => n, [data.name]);
  return fitText(MAX_TITLE, (c, id) => `${c} #${id}`, [data.collectionName ?? "NFT", data.tokenId]);
}

/** An NFT contract address (`0x` + 40 hex digits, lower-cased) and a decimal token id, or `null`. */
function nftTarget(contract: unknown, tokenId?: unknown): { contract: string; tokenId: string } | null {
  if (typeof contract !== "string" || !/^0x[0-9a-fA-F]{40}$/.test(contract)) return null;
  if (tokenId === undefined) return { contract: contract.toLowerCase(), tokenId: "" };
  if (typeof tokenId !== "string" || !/^[0-9]{1,78}$/.test(tokenId)) return null;
  return { contract: contract.toLowerCase(), tokenId: BigInt(tokenId).toString() };
}

/** What {@linkcode createNftPreviews} reads with: the previews' own gateway client, cache and origin. */
export interface NftPreviewContext {
  readonly gatewayClient: () => Client;
  readonly readThrough: ReadThrough;
  /** The origin preview URLs are built on (`PUBLIC_ORIGIN`, else the request's). */
  readonly originOf: (requestOrigin: string) => string;
}

/** The NFT half of the preview source (`nftAsset`, `nftCollection`). */
export function createNftPreviews(
  { gatewayClient, readThrough, originOf }: NftPreviewContext,
): Required<Pick<PreviewSource, "nftAsset" | "nftCollection">> {
  const nftAssetFlight = createSingleFlight<NftAssetPreviewData | null>();
  const nftCollectionFlight = createSingleFlight<NftCollectionPreviewData | null>();

  /** NFTs are on Ethereum: the page URL names only the contract (and token id). */
  async function nftAsset(contract: string, tokenId: string, origin: string): Promise<NftAssetPreview | null> {
    const target = nftTarget(contract, tokenId);
    if (target === null) return null;
    const key = cacheKeys.nftAssetPreview("ETHEREUM", `${target.contract}:${target.tokenId}`);
    const data = await readThrough(nftAssetFlight, key, isNftAssetEntry, async () => {
      const found = await fetchEdgeNftAsset(gatewayClient(), target.contract, target.tokenId);
      return found === null ? null : nftAssetData(found, target.tokenId);
    });
    if (data === null) return null;
    const base = originOf(origin);
    return {
      title: nftAssetTitle(data),
      image: `${base}/api/image/nfts/asset/${target.contract}/${target.tokenId}`,
      url: `${base}/nfts/asset/${contract}/${tokenId}`,
      nftData: data,
    };
  }

  async function nftCollection(contract: string, origin: string): Promise<NftCollectionPreview | null> {
    const target = nftTarget(contract);
    if (target === null) return null;
    const key = cacheKeys.nftCollectionPreview("ETHEREUM", target.contract);
    const data = await readThrough(nftCollectionFlight, key, isNftCollectionEntry, async () => {
      const found = await fetchEdgeNftCollection(gatewayClient(), target.contract);
      return found === null ? null : nftCollectionData(found);
    });
    if (data === null) return null;
    const base = originOf(origin);
    return {
      title: fitText(MAX_TITLE, (n) => n, [data.name ?? "NFT collection"]),
      image: `${base}/api/image/nfts/collection/${target.contract}`,
      url: `${base}/nfts/collection/${contract}`,
      collectionData: data,
    };
  }

  return { nftAsset, nftCollection };
}

/**
 * The previews with root-relative NFT image URLs made absolute on `origin`,
 * for the cards. The demo gateway writes `/logos/nft/...` (its images are
 * served on the service's own origin for browsers); its port's
 * `cardPreviews` rewrites token, pool and position logos only.
 */
export function withNftImagesOn(source: PreviewSource, origin: string): PreviewSource {
  const absolute = (url: string | null) => url !== null && /^\/(?!\/)/.test(url) ? `${origin}${url}` : url;
  const { nftAsset, nftCollection } = source;
  return {
    ...source,
    nftAsset: nftAsset && (async (contract, tokenId, requestOrigin) => {
      const preview = await nftAsset(contract, tokenId, requestOrigin);
      return preview && { ...preview, nftData: { ...preview.nftData, imageUrl: absolute(preview.nftData.imageUrl) } };
    }),
    nftCollection: nftCollection && (async (contract, requestOrigin) => {
      const preview = await nftCollection(contract, requestOrigin);
      return preview && {
        ...preview,
        collectionData: { ...preview.collectionData, imageUrl: absolute(preview.collectionData.imageUrl) },
      };
    }),
  };
}
