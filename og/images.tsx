/**
 * The two share images from preview data, in two halves:
 *
 * - on the main thread, {@linkcode cardJobForToken} / {@linkcode cardJobForPool}
 *   fetch each logo once (I/O only) and describe the card as plain data (a
 *   {@linkcode CardJob}, which crosses to a render Worker);
 * - in a render Worker (`render_worker.ts`), {@linkcode drawCard} decodes the
 *   logos (average colour, resampling), picks chain logo, fonts, emoji and
 *   backdrop, and renders the PNG.
 *
 * {@linkcode renderTokenImage}, {@linkcode renderPoolImage} and
 * {@linkcode renderDefaultImage} do both on the calling thread (scripts,
 * tests, benchmarks).
 *
 * @module
 */

import type { PoolPreview, PoolPreviewData, TokenPreview } from "../lib/preview_types.ts";
import { analyzeLogo, backgroundColor, DEFAULT_COLOR, type Rgb } from "./average_color.ts";
import { type Backdrop, watermarkImage } from "./backdrop.ts";
import { type CardLogo, luminance } from "./card_parts.tsx";
import { chainLogo, loadBrandLogos } from "./chain_logos.ts";
import { DEFAULT_EMOJI_SET, emojiDataUrl, type EmojiSet } from "./emoji.ts";
import { type CardFont, type DefaultFontLoader, loadFallbackFonts } from "./fonts.ts";
import { bytesToBase64 } from "./iconify.ts";
import { type FetchedLogo, fetchLogoOutcome, type LogoFetchOptions, type LogoOutcome } from "./logo_fetch.ts";
import { feeLabel, mix, POOL_LOGO_SIZE, PoolCard } from "./pool_card.tsx";
import { type AdditionalAssetLoader, renderCardPng, type RenderTimings } from "./render.ts";
import { TOKEN_LOGO_SIZE, TokenCard } from "./token_card.tsx";
import { DefaultCard } from "./default_card.tsx";
import { coverSquare } from "./resample.ts";
import { encodeRgbaPng } from "./png.ts";
import { cardText } from "../lib/text.ts";

/**
 * Text as the card may draw it: the one cleaning of gateway text, shared with
 * the meta tags (`lib/text.ts`).
 */
export { cardText };

/** How a card is drawn, besides what is on it. */
export interface DrawOptions {
  /** Emoji pictures from this set. */
  readonly emojiSet: EmojiSet;
  /**
   * Load fallback fonts and emoji pictures for text the default font lacks
   * (true unless turned off, which tests do to compare).
   */
  readonly dynamicAssets: boolean;
  /** Origin of the app, for the default-font fallback fetch. */
  readonly origin: string;
}

/** A token card as plain data: what the render Worker draws. */
export interface TokenCardJob extends DrawOptions {
  readonly kind: "token";
  readonly networkName: string;
  readonly name: string | null;
  readonly symbol: string | null;
  /** The fetched logo (checked bytes), or `null` for the letter tile. */
  readonly logo: FetchedLogo | null;
}

/** A pool card as plain data: what the render Worker draws. */
export interface PoolCardJob extends DrawOptions {
  readonly kind: "pool";
  readonly networkName: string;
  readonly pool: Omit<PoolPreviewData, "token0Image" | "token1Image">;
  readonly logo0: FetchedLogo | null;
  readonly logo1: FetchedLogo | null;
}

/** The default card (pages without a token or pool). */
export interface DefaultCardJob extends DrawOptions {
  readonly kind: "default";
}

/** Any card, as plain data (structured-clonable). */
export type CardJob = TokenCardJob | PoolCardJob | DefaultCardJob;

/** What a render needs on the calling thread (in-process rendering). */
export interface ImageContext extends DrawOptions {
  /** The default fonts (Inter 700). */
  readonly fonts: DefaultFontLoader;
  /** Limits of logo fetches (allowed hosts, timeout, caps). */
  readonly logoFetch: LogoFetchOptions;
  /** Receives the time spent in each render stage (benchmarks). */
  readonly onTimings?: (timings: RenderTimings) => void;
}

/** What {@linkcode drawCard} needs of its thread. */
export interface DrawContext {
  /** The default fonts (Inter 700). */
  readonly fonts: DefaultFontLoader;
  /** Receives the time spent in each render stage. */
  readonly onTimings?: (timings: RenderTimings) => void;
}

/** A logo ready for the card and its share of the background colour. */
export interface PreparedLogo {
  readonly logo: CardLogo;
  readonly average: Rgb | null;
}

const MIME: Readonly<Record<string, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
};

function isWebpUrl(url: string): boolean {
  try {
    return new URL(url).pathname.toLowerCase().endsWith(".webp");
  } catch {
    return false;
  }
}

function dataUrl(logo: FetchedLogo): string {
  return `data:${MIME[logo.type]};base64,${bytesToBase64(logo.bytes)}`;
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
 * Derives both the card picture and the average colour from the fetched
 * bytes (CPU: runs in the render Worker). Bytes that do not decode give the
 * letter tile and no colour.
 */
export async function decodeLogo(
  fetched: FetchedLogo | null,
  symbol: string | null,
  displaySize: number,
): Promise<PreparedLogo> {
  const tile = { logo: { src: null, symbol }, average: null };
  if (!fetched) return tile;
  const analysis = await analyzeLogo(fetched, { displaySize });
  if (!analysis.drawable) return tile;
  // Decoded bitmaps are scaled here to the size drawn, so resvg copies
  // them 1:1 (SVG logos are drawn to that size by analyzeLogo); GIF logos are handed over as they came.
  const src = analysis.pixels
    ? `data:image/png;base64,${
      bytesToBase64(encodeRgbaPng(coverSquare(analysis.pixels, displaySize), displaySize, displaySize))
    }`
    : dataUrl(fetched);
  return { logo: { src, symbol }, average: analysis.average };
}

/**
 * Fetches a logo once and derives both the card picture and the average
 * colour from the same bytes ({@linkcode fetchCardLogo} then
 * {@linkcode decodeLogo}, on the calling thread).
 */
export async function prepareLogo(
  url: string | null,
  symbol: string | null,
  options: LogoFetchOptions,
  displaySize: number,
): Promise<PreparedLogo> {
  return await decodeLogo((await fetchCardLogo(url, options)).logo, symbol, displaySize);
}

function assetLoader(options: DrawOptions): AdditionalAssetLoader | undefined {
  if (!options.dynamicAssets) return undefined;
  return async (code, segment): Promise<string | CardFont[]> => {
    if (code === "emoji") {
      try {
        const picture = await emojiDataUrl(options.emojiSet, segment);
        if (picture) return picture;
      } catch (error) {
        console.error(
          `Failed to load emoji ${segment} (${options.emojiSet}): ${(error as Error).message}`,
        );
      }
      return await loadFallbackFonts("symbol", segment);
    }
    return await loadFallbackFonts(code, segment);
  };
}

async function backdropFor(from: Rgb, to: Rgb, productSvg: string): Promise<Backdrop> {
  const light = luminance(mix(from, to)) > 0.45;
  return {
    from,
    to,
    watermark: {
      image: await watermarkImage(productSvg),
      opacity: light ? 0.12 : 0.14,
    },
  };
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
  networkName: string,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<TokenCardJob>> {
  const outcome = await fetchCardLogo(preview.logoUrl, options.logoFetch);
  const job: TokenCardJob = {
    kind: "token",
    networkName,
    name: preview.name,
    symbol: preview.symbol,
    logo: outcome.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
    origin: options.origin,
  };
  return { job, cacheable: outcome.cacheable };
}

/** The pool card of `preview` as plain data, its logos fetched (main thread). */
export async function cardJobForPool(
  preview: PoolPreview,
  networkName: string,
  options: DrawOptions & { readonly logoFetch: LogoFetchOptions },
): Promise<PreparedJob<PoolCardJob>> {
  const { token0Image, token1Image, ...pool } = preview.poolData;
  const [outcome0, outcome1] = await Promise.all([
    fetchCardLogo(token0Image, options.logoFetch),
    fetchCardLogo(token1Image, options.logoFetch),
  ]);
  const job: PoolCardJob = {
    kind: "pool",
    networkName,
    pool,
    logo0: outcome0.logo,
    logo1: outcome1.logo,
    emojiSet: options.emojiSet,
    dynamicAssets: options.dynamicAssets,
    origin: options.origin,
  };
  return { job, cacheable: outcome0.cacheable && outcome1.cacheable };
}

/** The same card without its logos (letter tiles, default colours). */
export function withoutLogos(job: CardJob): CardJob {
  if (job.kind === "token") return { ...job, logo: null };
  if (job.kind === "pool") return { ...job, logo0: null, logo1: null };
  return job;
}

/** Whether the card carries a logo to decode. */
export function hasLogos(job: CardJob): boolean {
  return job.kind === "token"
    ? job.logo !== null
    : job.kind === "pool"
    ? job.logo0 !== null || job.logo1 !== null
    : false;
}

/**
 * Draws a card described by `job` as PNG bytes: decodes its logos, then lays
 * it out and renders it. CPU-bound: the service runs it in a render Worker.
 */
export async function drawCard(job: CardJob, context: DrawContext): Promise<Uint8Array> {
  const [fonts, brand] = await Promise.all([context.fonts.load(job.origin), loadBrandLogos()]);
  if (job.kind === "default") {
    return await renderCardPng(<DefaultCard productLogo={brand.product} />, {
      fonts,
      backdrop: await backdropFor(DEFAULT_COLOR, DEFAULT_COLOR, brand.productSvg),
      onTimings: context.onTimings,
    });
  }
  if (job.kind === "token") {
    const prepared = await decodeLogo(job.logo, job.symbol, TOKEN_LOGO_SIZE);
    const background = backgroundColor(prepared.average);
    return await renderCardPng(
      <TokenCard
        name={cardText(job.name, "Token")}
        symbol={cardText(job.symbol, "UNK")}
        logo={prepared.logo}
        background={background}
        chainLogo={chainLogo(brand, job.networkName)}
        productLogo={brand.product}
      />,
      {
        fonts,
        loadAdditionalAsset: assetLoader(job),
        backdrop: await backdropFor(background, background, brand.productSvg),
        onTimings: context.onTimings,
      },
    );
  }
  const data = job.pool;
  const token0 = await decodeLogo(job.logo0, data.token0Symbol, POOL_LOGO_SIZE);
  const token1 = await decodeLogo(job.logo1, data.token1Symbol, POOL_LOGO_SIZE);
  const color0 = backgroundColor(token0.average);
  const color1 = backgroundColor(token1.average);
  const name = `${cardText(data.token0Symbol, "UNK")}/${cardText(data.token1Symbol, "UNK")}`;
  return await renderCardPng(
    <PoolCard
      token0={token0.logo}
      token1={token1.logo}
      color0={color0}
      color1={color1}
      name={name}
      protocolVersion={data.protocolVersion}
      feeLabel={feeLabel(data.feeTier, data.isDynamicFee, data.protocolVersion)}
      chainLogo={chainLogo(brand, job.networkName)}
      productLogo={brand.product}
    />,
    {
      fonts,
      loadAdditionalAsset: assetLoader(job),
      backdrop: await backdropFor(color0, color1, brand.productSvg),
      onTimings: context.onTimings,
    },
  );
}

/** Renders the token card for `preview` on `networkName` on the calling thread. */
export async function renderTokenImage(
  preview: TokenPreview,
  networkName: string,
  context: ImageContext,
): Promise<Uint8Array> {
  return await drawCard((await cardJobForToken(preview, networkName, context)).job, context);
}

/** Renders the pool card for `preview` on `networkName` on the calling thread. */
export async function renderPoolImage(
  preview: PoolPreview,
  networkName: string,
  context: ImageContext,
): Promise<Uint8Array> {
  return await drawCard((await cardJobForPool(preview, networkName, context)).job, context);
}

/** Renders the default card (no token or pool) as PNG bytes on the calling thread. */
export async function renderDefaultImage(
  context: {
    readonly fonts: DefaultFontLoader;
    readonly origin: string;
    readonly onTimings?: DrawContext["onTimings"];
  },
): Promise<Uint8Array> {
  return await drawCard(
    { kind: "default", emojiSet: DEFAULT_EMOJI_SET, dynamicAssets: false, origin: context.origin },
    context,
  );
}
