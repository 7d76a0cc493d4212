/**
 * The CPU half of the share images: decodes a card's logos (average colour,
 * resampling), picks chain logo, fonts, emoji and backdrop, and renders the
 * PNG from a {@linkcode CardJob}. The render workers (`render_worker.ts`)
 * import it; the service's main process does not (satori and the decoders
 * stay out of its start-up).
 *
 * @module
 */

import { analyzeLogo, backgroundColor, DEFAULT_COLOR, type Rgb } from "./average_color.ts";
import { type Backdrop, watermarkImage } from "./backdrop.ts";
import { type CardLogo, isLight } from "./card_parts.tsx";
import { chainLogo, loadBrandLogos } from "./chain_logos.ts";
import { emojiDataUrl } from "./emoji.ts";
import { type CardFont, type DefaultFontLoader, loadFallbackFonts } from "./fonts.ts";
import { bytesToBase64 } from "./iconify.ts";
import type { CardJob, DrawOptions } from "./images.tsx";
import type { FetchedLogo } from "./logo_fetch.ts";
import { feeLabel, mix, POOL_LOGO_SIZE, PoolCard } from "./pool_card.tsx";
import { type AdditionalAssetLoader, renderCardPng, type RenderTimings } from "./render.ts";
import { TOKEN_LOGO_SIZE, TokenCard } from "./token_card.tsx";
import { DefaultCard } from "./default_card.tsx";
import { coverSquare } from "./resample.ts";
import { encodeRgbaPng } from "./png.ts";
import { cardText } from "../lib/text.ts";
import { errorText, logger } from "../server/log.ts";
import type { ReactElement } from "react";

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

function dataUrl(logo: FetchedLogo): string {
  return `data:${MIME[logo.type]};base64,${bytesToBase64(logo.bytes)}`;
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

function assetLoader(options: DrawOptions): AdditionalAssetLoader | undefined {
  if (!options.dynamicAssets) return undefined;
  return async (code, segment): Promise<string | CardFont[]> => {
    if (code === "emoji") {
      try {
        const picture = await emojiDataUrl(options.emojiSet, segment);
        if (picture) return picture;
      } catch (error) {
        logger.warn(`Failed to load emoji ${segment} (${options.emojiSet})`, { error: errorText(error) });
      }
      return await loadFallbackFonts("symbol", segment);
    }
    return await loadFallbackFonts(code, segment);
  };
}

/**
 * The card's backdrop: a gradient from `from` to `to` and the product logo as
 * a watermark, fainter on a light background.
 */
export async function backdropFor(from: Rgb, to: Rgb, productSvg: string): Promise<Backdrop> {
  const light = isLight(mix(from, to));
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
 * Draws a card described by `job` as PNG bytes: decodes its logos, then lays
 * it out and renders it. CPU-bound: the service runs it in a render Worker.
 */
export async function drawCard(job: CardJob, context: DrawContext): Promise<Uint8Array> {
  const [fonts, brand] = await Promise.all([context.fonts.load(), loadBrandLogos()]);
  /** Renders `card` over a backdrop running from `from` to `to`. */
  const render = async (card: ReactElement, from: Rgb, to: Rgb) =>
    await renderCardPng(card, {
      fonts,
      loadAdditionalAsset: assetLoader(job),
      backdrop: await backdropFor(from, to, brand.productSvg),
      onTimings: context.onTimings,
    });
  if (job.kind === "default") {
    return await render(<DefaultCard productLogo={brand.product} />, DEFAULT_COLOR, DEFAULT_COLOR);
  }
  if (job.kind === "token") {
    const prepared = await decodeLogo(job.logo, job.symbol, TOKEN_LOGO_SIZE);
    const background = backgroundColor(prepared.average);
    return await render(
      <TokenCard
        name={cardText(job.name, "Token")}
        symbol={cardText(job.symbol, "UNK")}
        logo={prepared.logo}
        background={background}
        chainLogo={chainLogo(brand, job.chainName)}
        productLogo={brand.product}
      />,
      background,
      background,
    );
  }
  const data = job.pool;
  const token0 = await decodeLogo(job.logo0, data.token0Symbol, POOL_LOGO_SIZE);
  const token1 = await decodeLogo(job.logo1, data.token1Symbol, POOL_LOGO_SIZE);
  const color0 = backgroundColor(token0.average);
  const color1 = backgroundColor(token1.average);
  const name = `${cardText(data.token0Symbol, "UNK")}/${cardText(data.token1Symbol, "UNK")}`;
  return await render(
    <PoolCard
      token0={token0.logo}
      token1={token1.logo}
      color0={color0}
      color1={color1}
      name={name}
      protocolVersion={data.protocolVersion}
      feeLabel={feeLabel(data.feeTier, data.isDynamicFee, data.protocolVersion)}
      chainLogo={chainLogo(brand, job.chainName)}
      productLogo={brand.product}
    />,
    color0,
    color1,
  );
}
