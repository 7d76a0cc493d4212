/**
 * A card as plain data (structured-clonable): what the service side
 * (`images.tsx`) prepares and a render worker (`raster/draw.tsx`) draws. The
 * contract between the two stages, apart from both.
 *
 * @module
 */
import type {
  NftAssetPreviewData,
  NftCollectionPreviewData,
  PoolPreviewData,
  PositionPreviewData,
} from "../../lib/preview_types.ts";
import type { EmojiSet } from "../assets/emoji.ts";
import type { FetchedLogo } from "../logo/logo_fetch.ts";

/** How a card is drawn, besides what is on it. */
export interface DrawOptions {
  /** Emoji pictures from this set. */
  readonly emojiSet: EmojiSet;
  /**
   * Load fallback fonts and emoji pictures for text the default font lacks
   * (true unless turned off, which tests do to compare).
   */
  readonly dynamicAssets: boolean;
}

/** A token card as plain data: what the render Worker draws. */
export interface TokenCardJob extends DrawOptions {
  readonly kind: "token";
  readonly chainName: string;
  readonly name: string | null;
  readonly symbol: string | null;
  /** The fetched logo (checked bytes), or `null` for the letter tile. */
  readonly logo: FetchedLogo | null;
}

/** A pool card as plain data: what the render Worker draws. */
export interface PoolCardJob extends DrawOptions {
  readonly kind: "pool";
  readonly chainName: string;
  readonly pool: Omit<PoolPreviewData, "token0Image" | "token1Image">;
  readonly logo0: FetchedLogo | null;
  readonly logo1: FetchedLogo | null;
}

/**
 * A position card as plain data: the position's pair, fee, range and status
 * (`lib/preview_types.ts`'s {@linkcode PositionPreviewData} without the logo
 * URLs) and the two fetched logos, like the pool job.
 */
export interface PositionCardJob extends DrawOptions {
  readonly kind: "position";
  readonly chainName: string;
  readonly position: Omit<PositionPreviewData, "token0Image" | "token1Image">;
  readonly logo0: FetchedLogo | null;
  readonly logo1: FetchedLogo | null;
}

/** An NFT asset card as plain data: the NFT's data and its fetched image (`null`: the tile). */
export interface NftAssetCardJob extends DrawOptions {
  readonly kind: "nft_asset";
  readonly nft: Omit<NftAssetPreviewData, "imageUrl">;
  readonly image: FetchedLogo | null;
}

/** An NFT collection card as plain data: the collection's data and its fetched image. */
export interface NftCollectionCardJob extends DrawOptions {
  readonly kind: "nft_collection";
  readonly collection: Omit<NftCollectionPreviewData, "imageUrl">;
  readonly image: FetchedLogo | null;
}

/** The default card (pages without a token or pool). */
export interface DefaultCardJob extends DrawOptions {
  readonly kind: "default";
}

/** Any card, as plain data (structured-clonable). */
export type CardJob =
  | TokenCardJob
  | PoolCardJob
  | PositionCardJob
  | NftAssetCardJob
  | NftCollectionCardJob
  | DefaultCardJob;
