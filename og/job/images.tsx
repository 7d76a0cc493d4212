/**
 * The share images (token, pool, position) from preview data, in two halves:
 *
 * - here, on the main thread, {@linkcode cardJobForToken} /
 *   {@linkcode cardJobForPool} / {@linkcode cardJobForPosition} fetch each
 *   logo once (I/O only) and describe
 *   the card as plain data (a {@linkcode CardJob}, which crosses to a render
 *   worker process);
 * - in a render worker (`render_worker.ts`), `drawCard` of `draw.tsx`
 *   decodes the logos (average colour, resampling), picks chain logo, fonts,
 *   emoji and backdrop, and renders the PNG. This module does not import it
 *   (satori and the decoders stay out of the service's start-up) except on
 *   demand in the helpers below.
 *
 * {@linkcode renderDefaultImage} does both on the calling thread (the
 * default preview's script).
 *
 * @module
 */

import type {
  NftAssetPreview,
  NftCollectionPreview,
  PoolPreview,
  PositionPreview,
  TokenPreview,
} from "../../lib/preview_types.ts";
import { DEFAULT_EMOJI_SET } from "../assets/emoji.ts";
import type { DefaultFontLoader } from "../assets/fonts.ts";
import { fetchLogoOutcome, type LogoFetchOptions, type LogoOutcome } from "../logo/logo_fetch.ts";
import type { RenderTimings } from "../raster/render.ts";
import type { DrawContext, PreparedLogo } from "./draw.tsx";
import type {
  CardJob,
  DrawOptions,
  NftAssetCardJob,
  NftCollectionCardJob,
  PoolCardJob,
  PositionCardJob,
  TokenCardJob,
} from "./card_job.ts";

/** What a render needs on the calling thread (in-process rendering). */
export interface ImageContext extends DrawOptions {
  /** The default fonts (Inter 700). */
  readonly fonts: DefaultFontLoader;
  /** Limits of logo fetches (allowed hosts, timeout, caps). */
  readonly logoFetch: LogoFetchOptions;
  /** Receives the time spent in each render stage (benchmarks). */
  readonly onTimings?: (timings: RenderTimings) => void;
}

function isWebpUrl(url: string): boolean {
  try {
    return new URL(url).pathname.toLowerCase().endsWith(".webp");
  } catch {
    return false;
  }
}

/**
 * Fetches a logo for a card (main thread, I/O only). No URL, a `.webp` URL
 * (not fetched at all), or a refused or failed fetch give no logo: the
 * letter tile and the default colour. `cacheable` is false when the failure
 * may pass (timeout, network error, 5xx): a card drawn without such a logo
 * is not kept.
 */
export async function fetchCardLogo(
  url: string | null,
  options: LogoFetchOptions,
): Promise<LogoOutcome> {
  if (!url || isWebpUrl(url)) return { logo: null, cacheable: true };
  return await fetchLogoOutcome(url, options);
}

/**
 * Fetches a logo once and derives both the card picture and the average
 * colour from the same bytes ({@linkcode fetchCardLogo} then
 * `decodeLogo` of `draw.tsx`, on the calling thread).
 */
export async function prepareLogo(
  url: string | null,
  symbol: string | null,
  options: LogoFetchOptions,
  displaySize: number,
): Promise<PreparedLogo> {
  const { decodeLogo } = await import("./draw.tsx");
  return await decodeLogo((await fetchCardLogo(url, options)).logo, symbol, displaySize);
}

/**
 * A card as plain data with its logos fetched; `cacheable` is false when a
 * logo is missing for a reason that may pass (see {@linkcode fetchCardLogo}).
 */
export interface PreparedJob<J extends CardJob> {
  readonly job: J;
  readonly cacheable: boolean;
}

/** The token card of `preview` as plain data, its logo fetched (main thread). */
export async function cardJobForToken(
  preview: TokenPreview,
  chainName: string,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<TokenCardJob>> {
  const outcome = await fetchCardLogo(preview.logoUrl, options.logoFetch);
  const job: TokenCardJob = {
    kind: "token",
    chainName,
    name: preview.name,
    symbol: preview.symbol,
    logo: outcome.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
  };
  return { job, cacheable: outcome.cacheable };
}

/** The pool card of `preview` as plain data, its logos fetched (main thread). */
export async function cardJobForPool(
  preview: PoolPreview,
  chainName: string,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<PoolCardJob>> {
  const { token0Image, token1Image, ...pool } = preview.poolData;
  const [outcome0, outcome1] = await Promise.all([
    fetchCardLogo(token0Image, options.logoFetch),
    fetchCardLogo(token1Image, options.logoFetch),
  ]);
  const job: PoolCardJob = {
    kind: "pool",
    chainName,
    pool,
    logo0: outcome0.logo,
    logo1: outcome1.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
  };
  return { job, cacheable: outcome0.cacheable && outcome1.cacheable };
}

/** The position card of `preview` as plain data, its two logos fetched (main thread). */
export async function cardJobForPosition(
  preview: PositionPreview,
  chainName: string,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<PositionCardJob>> {
  const { token0Image, token1Image, ...position } = preview.positionData;
  const [outcome0, outcome1] = await Promise.all([
    fetchCardLogo(token0Image, options.logoFetch),
    fetchCardLogo(token1Image, options.logoFetch),
  ]);
  const job: PositionCardJob = {
    kind: "position",
    chainName,
    position,
    logo0: outcome0.logo,
    logo1: outcome1.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
  };
  return { job, cacheable: outcome0.cacheable && outcome1.cacheable };
}

/**
 * The NFT asset card of `preview` as plain data, its image fetched with the
 * logos' hardening (network guard, size and time caps, SVG guard).
 */
export async function cardJobForNftAsset(
  preview: NftAssetPreview,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<NftAssetCardJob>> {
  const { imageUrl, ...nft } = preview.nftData;
  const outcome = await fetchCardLogo(imageUrl, options.logoFetch);
  const job: NftAssetCardJob = {
    kind: "nft_asset",
    nft,
    image: outcome.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
  };
  return { job, cacheable: outcome.cacheable };
}

/** The NFT collection card of `preview` as plain data, its image fetched like the asset card's. */
export async function cardJobForNftCollection(
  preview: NftCollectionPreview,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<NftCollectionCardJob>> {
  const { imageUrl, ...collection } = preview.collectionData;
  const outcome = await fetchCardLogo(imageUrl, options.logoFetch);
  const job: NftCollectionCardJob = {
    kind: "nft_collection",
    collection,
    image: outcome.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
  };
  return { job, cacheable: outcome.cacheable };
}

/** The same card without its logos (letter tiles, default colours). */
export function withoutLogos(job: CardJob): CardJob {
  if (job.kind === "token") return { ...job, logo: null };
  if (job.kind === "pool" || job.kind === "position") return { ...job, logo0: null, logo1: null };
  if (job.kind === "nft_asset" || job.kind === "nft_collection") return { ...job, image: null };
  return job;
}

/** Whether the card carries a logo (or an NFT's image) to decode. */
export function hasLogos(job: CardJob): boolean {
  if (job.kind === "token") return job.logo !== null;
  if (job.kind === "pool" || job.kind === "position") return job.logo0 !== null || job.logo1 !== null;
  if (job.kind === "nft_asset" || job.kind === "nft_collection") return job.image !== null;
  return false;
}

/** Renders the default card (no token or pool) as PNG bytes on the calling thread. */
export async function renderDefaultImage(
  context: {
    readonly fonts: DefaultFontLoader;
    readonly onTimings?: DrawContext["onTimings"];
  },
): Promise<Uint8Array> {
  const { drawCard } = await import("./draw.tsx");
  return await drawCard(
    { kind: "default", emojiSet: DEFAULT_EMOJI_SET, dynamicAssets: false },
    context,
  );
}
