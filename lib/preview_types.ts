/**
 * Shapes of the link-preview data that pages (`meta()`) and share images
 * (`og/`) read through `server/previews/previews.ts`.
 *
 * @module
 */

/** Longest `<title>`, og:title and twitter:title: what X shows. */
export const MAX_TITLE = 70;

/** Longest description, og:description and twitter:description: what X shows. */
export const MAX_DESCRIPTION = 200;

/**
 * Preview of a token page. Valid only with title, image and url. Symbol and
 * name are cleaned text (`lib/text.ts`), `null` when the gateway has none:
 * whoever shows them picks the words for a missing one.
 */
export interface TokenPreview {
  /** Token symbol, or `null` when the gateway has none. */
  readonly symbol: string | null;
  /** Token name, or `null` when the gateway has none. */
  readonly name: string | null;
  /** Project logo URL as the gateway gave it, if any. */
  readonly logoUrl: string | null;
  /** `Get {symbol} on Uniswap`, `Get {name} on Uniswap` or `View this token on Uniswap` (at most 70 characters). */
  readonly title: string;
  /** Absolute URL of the share image: `{origin}/api/image/tokens/{network}/{address}`. */
  readonly image: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
  /** USD price from the gateway, if known (the unfurl's `Price` label). */
  readonly priceUsd?: number | null;
  /** Price change over 24 hours in percent, if known (the unfurl's `24h` label). */
  readonly change24h?: number | null;
}

/** Token-pair data of a pool preview, as the pool share image draws it (symbols cleaned, `null` when unknown). */
export interface PoolPreviewData {
  readonly token0Symbol: string | null;
  readonly token1Symbol: string | null;
  /** Fee in hundredths of a basis point (3000 = 0.3%), if known. */
  readonly feeTier: number | null;
  /** `V2`, `V3` or `V4`. */
  readonly protocolVersion: string | null;
  readonly token0Image: string | null;
  readonly token1Image: string | null;
  /** V4 only: the pool's fee is set by its hook. */
  readonly isDynamicFee?: boolean;
  /** V4 only: the pool's hook contract (`0x` + 40 hex digits), `null` or absent without one. */
  readonly hookAddress?: string | null;
  /** Total value locked in USD, if known (the unfurl's `TVL` label). */
  readonly tvlUsd?: number | null;
}

/** Preview of a pool page. Valid only with a title. */
export interface PoolPreview {
  /** `{token0}/{token1} on Uniswap`, `{token} pool on Uniswap` or `View this pool on Uniswap` (at most 70 characters). */
  readonly title: string;
  /** Absolute URL of the share image: `{origin}/api/image/pools/{network}/{address}`. */
  readonly image: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
  /** `{token0}/{token1}`, the one known symbol, or `""` when neither is known. */
  readonly name: string;
  readonly poolData: PoolPreviewData;
}

/** Status of a liquidity position, as its card and its page show it. */
export type PositionStatus = "in-range" | "out-of-range" | "closed";

/**
 * Data of a position share card, read on chain (`GET /api/image/positions/{v2|v3|v4}/{chainName}/{id}`).
 * Symbols are cleaned text (`lib/text.ts`), `null` when unknown (the card then shows `UNK`).
 */
export interface PositionPreviewData {
  /** `V2`, `V3` or `V4`. */
  readonly protocolVersion: "V2" | "V3" | "V4";
  readonly token0Symbol: string | null;
  readonly token1Symbol: string | null;
  readonly token0Image: string | null;
  readonly token1Image: string | null;
  /** Fee in hundredths of a basis point (3000 = 0.3%); V2 pairs are 3000; a dynamic V4 fee: its current LP fee. */
  readonly feeTier: number | null;
  /** V4 only: the pool's fee is set by its hook (the card reads `Dynamic`). */
  readonly isDynamicFee?: boolean;
  /** Lower end of the range as a price of token0 in token1, formatted (`"0.00031"`, `"0"` for V2's full range). */
  readonly priceLower: string | null;
  /** Upper end of the range, formatted (`"∞"` for V2's full range). */
  readonly priceUpper: string | null;
  readonly status: PositionStatus;
}

/** Preview of a position page (`/positions/{v2|v3|v4}/{chainName}/{id}`). */
export interface PositionPreview {
  /** `{SYM0}/{SYM1} position on Uniswap` (at most 70 characters). */
  readonly title: string;
  /** Absolute URL of the share image: `{origin}/api/image/positions/{version}/{network}/{id}`. */
  readonly image: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
  /** `{SYM0}/{SYM1}`. */
  readonly name: string;
  readonly positionData: PositionPreviewData;
}

/**
 * Data of an NFT asset's share card and unfurl (`/nfts/asset/{contract}/{id}`): texts cleaned (`lib/text.ts`),
 * `null` when the gateway has none; prices in ETH.
 */
export interface NftAssetPreviewData {
  /** The asset's name (`Loopback Lizards #1`), if any. */
  readonly name: string | null;
  /** The token id, decimal. */
  readonly tokenId: string;
  readonly collectionName: string | null;
  /** Whether the collection is verified (the card's check mark). */
  readonly isVerified: boolean;
  /** The NFT's image as the gateway gave it, if any. */
  readonly imageUrl: string | null;
  /** Its cheapest listing, in ETH, if listed. */
  readonly listingEth: number | null;
  /** The collection's floor price, in ETH, if known. */
  readonly floorEth: number | null;
}

/** Preview of an NFT asset page. */
export interface NftAssetPreview {
  /** The asset's name, else `{collection} #{id}`, else `NFT #{id}` (at most 70 characters). */
  readonly title: string;
  /** Absolute URL of the share image: `{origin}/api/image/nfts/asset/{contract}/{id}`. */
  readonly image: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
  readonly nftData: NftAssetPreviewData;
}

/** Data of an NFT collection's share card and unfurl (`/nfts/collection/{contract}`); amounts in ETH. */
export interface NftCollectionPreviewData {
  readonly name: string | null;
  readonly isVerified: boolean;
  /** The collection's image as the gateway gave it, if any. */
  readonly imageUrl: string | null;
  readonly floorEth: number | null;
  /** Volume over the last 24 hours, in ETH. */
  readonly volume24hEth: number | null;
  readonly owners: number | null;
  /** Number of items in the collection. */
  readonly items: number | null;
}

/** Preview of an NFT collection page. */
export interface NftCollectionPreview {
  /** The collection's name, else `NFT collection` (at most 70 characters). */
  readonly title: string;
  /** Absolute URL of the share image: `{origin}/api/image/nfts/collection/{contract}`. */
  readonly image: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
  readonly collectionData: NftCollectionPreviewData;
}

/**
 * Where pages and images get preview data. `null` means the gateway does not
 * know the token or pool (or the input is malformed); a thrown error means the
 * lookup failed (gateway down, timeout) and nothing was cached.
 */
export interface PreviewSource {
  /**
   * @param chainName chain name as it appears in the URL (`ethereum`, `base`, ...)
   * @param address token address, or `NATIVE`
   * @param origin origin that preview URLs are built on (`PUBLIC_ORIGIN` or the request's)
   */
  token(chainName: string, address: string, origin: string): Promise<TokenPreview | null>;
  /** Same for a pool: a V2/V3 address or a V4 pool id. */
  pool(chainName: string, address: string, origin: string): Promise<PoolPreview | null>;
  /**
   * Same for a position, read on chain through that chain's RPC: `version` is `v2` (id: the pair address),
   * `v3` or `v4` (id: the position's token id, decimal). `null`: unknown position, or no RPC for the chain.
   */
  position?(
    version: "v2" | "v3" | "v4",
    chainName: string,
    id: string,
    origin: string,
  ): Promise<PositionPreview | null>;
  /** Same for an NFT asset (on Ethereum): its contract address and decimal token id. */
  nftAsset?(contract: string, tokenId: string, origin: string): Promise<NftAssetPreview | null>;
  /** Same for an NFT collection (on Ethereum), by its contract address. */
  nftCollection?(contract: string, origin: string): Promise<NftCollectionPreview | null>;
}
