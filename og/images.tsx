/**
 * Builds and renders the two share images from preview data: fetches each
 * logo once, uses the bytes both for the background colour and for the
 * picture on the card, and picks chain logo, fonts, emoji and backdrop.
 *
 * @module
 */

import type { PoolPreview, TokenPreview } from "../lib/preview_types.ts";
import { analyzeLogo, backgroundColor, DEFAULT_COLOR, type Rgb } from "./average_color.ts";
import { type Backdrop, watermarkImage } from "./backdrop.ts";
import { type CardLogo, luminance } from "./card_parts.tsx";
import { chainLogo, loadBrandLogos } from "./chain_logos.ts";
import { emojiDataUrl, type EmojiSet } from "./emoji.ts";
import { type CardFont, type DefaultFontLoader, loadFallbackFonts } from "./fonts.ts";
import { bytesToBase64 } from "./iconify.ts";
import { type FetchedLogo, fetchLogo, type LogoFetchOptions } from "./logo_fetch.ts";
import { feeLabel, mix, POOL_LOGO_SIZE, PoolCard } from "./pool_card.tsx";
import { type AdditionalAssetLoader, renderCardPng, type RenderTimings } from "./render.ts";
import { TOKEN_LOGO_SIZE, TokenCard } from "./token_card.tsx";
import { DefaultCard } from "./default_card.tsx";
import { createLimiter } from "./limiter.ts";
import { coverSquare } from "./resample.ts";
import { encodeRgbaPng } from "./png.ts";
import { cardText } from "../lib/text.ts";

/** What a render needs besides the preview data. */
export interface ImageContext {
  /** The default fonts (Inter 700). */
  readonly fonts: DefaultFontLoader;
  /** Limits of logo fetches (allowed hosts, timeout, caps). */
  readonly logoFetch: LogoFetchOptions;
  /** Emoji pictures from this set. */
  readonly emojiSet: EmojiSet;
  /**
   * Load fallback fonts and emoji pictures for text the default font lacks
   * (true unless turned off, which tests do to compare).
   */
  readonly dynamicAssets: boolean;
  /** Origin of the app, for the default-font fallback fetch. */
  readonly origin: string;
  /** Receives the time spent in each render stage (benchmarks). */
  readonly onTimings?: (timings: RenderTimings) => void;
}

/** A logo ready for the card and its share of the background colour. */
interface PreparedLogo {
  readonly logo: CardLogo;
  readonly average: Rgb | null;
}

const MIME: Readonly<Record<string, string>> = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  svg: "image/svg+xml",
};

/**
 * Logo decoding and card drawing share two slots: both are CPU-bound on the
 * main thread and a large logo decodes to up to 64 MB.
 */
const cpuSlots = createLimiter(2);

/**
 * Text as the card may draw it: the one cleaning of gateway text, shared with
 * the meta tags (`lib/text.ts`).
 */
export { cardText };

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
 * Fetches a logo once and derives both the card picture and the average
 * colour from the same bytes. No URL, a `.webp` URL (not fetched at all), a
 * refused or failed fetch, or bytes that do not decode give the letter tile
 * and no colour.
 */
export async function prepareLogo(
  url: string | null,
  symbol: string | null,
  options: LogoFetchOptions,
  displaySize: number,
): Promise<PreparedLogo> {
  const tile = { logo: { src: null, symbol }, average: null };
  if (!url || isWebpUrl(url)) return tile;
  const fetched = await fetchLogo(url, options);
  if (!fetched) return tile;
  return await cpuSlots(async () => {
    const analysis = await analyzeLogo(fetched, { displaySize });
    if (!analysis.drawable) return tile;
    // Decoded bitmaps are scaled here to the size drawn, so resvg copies
    // them 1:1 (SVG logos are drawn to that size by analyzeLogo); GIF logos are handed over as they came.
    const src = analysis.pixels
      ? `data:image/png;base64,${
        bytesToBase64(
          await encodeRgbaPng(
            coverSquare(analysis.pixels, displaySize),
            displaySize,
            displaySize,
          ),
        )
      }`
      : dataUrl(fetched);
    return { logo: { src, symbol }, average: analysis.average };
  });
}

function assetLoader(context: ImageContext): AdditionalAssetLoader | undefined {
  if (!context.dynamicAssets) return undefined;
  return async (code, segment): Promise<string | CardFont[]> => {
    if (code === "emoji") {
      try {
        const picture = await emojiDataUrl(context.emojiSet, segment);
        if (picture) return picture;
      } catch (error) {
        console.error(
          `Failed to load emoji ${segment} (${context.emojiSet}): ${(error as Error).message}`,
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

/** Renders the token card for `preview` on `networkName` as PNG bytes. */
export async function renderTokenImage(
  preview: TokenPreview,
  networkName: string,
  context: ImageContext,
): Promise<Uint8Array> {
  const [fonts, brand, prepared] = await Promise.all([
    context.fonts.load(context.origin),
    loadBrandLogos(),
    prepareLogo(
      preview.logoUrl,
      preview.symbol,
      context.logoFetch,
      TOKEN_LOGO_SIZE,
    ),
  ]);
  const background = backgroundColor(prepared.average);
  const backdrop = await backdropFor(background, background, brand.productSvg);
  return await cpuSlots(() =>
    renderCardPng(
      <TokenCard
        name={cardText(preview.name, "Token")}
        symbol={cardText(preview.symbol, "UNK")}
        logo={prepared.logo}
        background={background}
        chainLogo={chainLogo(brand, networkName)}
        productLogo={brand.product}
      />,
      {
        fonts,
        loadAdditionalAsset: assetLoader(context),
        backdrop,
        onTimings: context.onTimings,
      },
    )
  );
}

/** Renders the default card (no token or pool) as PNG bytes. */
export async function renderDefaultImage(
  context: Pick<ImageContext, "fonts" | "origin" | "onTimings">,
): Promise<Uint8Array> {
  const [fonts, brand] = await Promise.all([
    context.fonts.load(context.origin),
    loadBrandLogos(),
  ]);
  return await renderCardPng(<DefaultCard productLogo={brand.product} />, {
    fonts,
    backdrop: await backdropFor(DEFAULT_COLOR, DEFAULT_COLOR, brand.productSvg),
    onTimings: context.onTimings,
  });
}

/** Renders the pool card for `preview` on `networkName` as PNG bytes. */
export async function renderPoolImage(
  preview: PoolPreview,
  networkName: string,
  context: ImageContext,
): Promise<Uint8Array> {
  const data = preview.poolData;
  const [fonts, brand, token0, token1] = await Promise.all([
    context.fonts.load(context.origin),
    loadBrandLogos(),
    prepareLogo(
      data.token0Image,
      data.token0Symbol,
      context.logoFetch,
      POOL_LOGO_SIZE,
    ),
    prepareLogo(
      data.token1Image,
      data.token1Symbol,
      context.logoFetch,
      POOL_LOGO_SIZE,
    ),
  ]);
  const color0 = backgroundColor(token0.average);
  const color1 = backgroundColor(token1.average);
  const name = `${cardText(data.token0Symbol, "UNK")}/${cardText(data.token1Symbol, "UNK")}`;
  const backdrop = await backdropFor(color0, color1, brand.productSvg);
  return await cpuSlots(() =>
    renderCardPng(
      <PoolCard
        token0={token0.logo}
        token1={token1.logo}
        color0={color0}
        color1={color1}
        name={name}
        protocolVersion={data.protocolVersion}
        feeLabel={feeLabel(data.feeTier, data.isDynamicFee, data.protocolVersion)}
        chainLogo={chainLogo(brand, networkName)}
        productLogo={brand.product}
      />,
      {
        fonts,
        loadAdditionalAsset: assetLoader(context),
        backdrop,
        onTimings: context.onTimings,
      },
    )
  );
}
