/**
 * The CPU half of the share images: decodes a card's logos (average colour,
 * resampling), picks chain logo, fonts, emoji and backdrop, and renders the
 * PNG from a {@linkcode CardJob}. The render workers (`render_worker.ts`)
 * import it; the service's main process does not (satori and the decoders
 * stay out of its start-up).
 *
 * @module
 */

import { analyzeLogo, backgroundColor, DEFAULT_COLOR, type Rgb } from "../logo/average_color.ts";
import { type Backdrop, prepareRoundLogo, watermarkFor } from "../raster/backdrop.ts";
import { type CardLogo, isLight } from "../layout/card_parts.tsx";
import type { TokenCardProps } from "../layout/token_card.tsx";
import { type BrandLogos, chainLogo, loadBrandLogos } from "../layout/chain_logos.ts";
import { emojiDataUrl } from "../assets/emoji.ts";
import { type CardFont, type DefaultFontLoader, loadFallbackFonts } from "../assets/fonts.ts";
import { bytesToBase64 } from "../assets/iconify.ts";
import type { CardJob, DrawOptions, NftAssetCardJob, NftCollectionCardJob, PositionCardJob } from "./card_job.ts";
import type { FetchedLogo } from "../logo/logo_fetch.ts";
import {
  feeLabel,
  mix,
  POOL_LOGO_SIZE,
  PoolCard,
  type PoolCardProps,
  poolFaceRegions,
  TILE_CHAIN_LOGO_AT,
  TILE_LOGOS_AT,
} from "../layout/pool_card.tsx";
import {
  type AdditionalAssetLoader,
  type LayeredCard,
  renderCardPng,
  renderCardSvg,
  renderLayeredPng,
  type RenderTimings,
} from "../raster/render.ts";
import {
  TOKEN_CHAIN_LOGO_AT,
  TOKEN_LOGO_AT,
  TOKEN_LOGO_SIZE,
  TokenCard,
  tokenFaceRegions,
} from "../layout/token_card.tsx";
import { DefaultCard } from "../layout/default_card.tsx";
import {
  COLLECTION_IMAGE_SIZE,
  NFT_IMAGE_SIZE,
  NftAssetCard,
  NftCollectionCard,
  type NftCollectionCardProps,
} from "../layout/nft_card.tsx";
import { countLabel, ethLabel } from "../../lib/preview_meta.ts";
import { shortHook } from "../../lib/preview_hook.ts";
import {
  positionBackground,
  PositionCard,
  type PositionCardProps,
  positionFaceRegions,
  positionFeeStamp,
  UNKNOWN_PRICE,
} from "../layout/position_card.tsx";
import { coverSquare } from "../logo/resample.ts";
import { encodeRgbaPng } from "../raster/png.ts";
import { cardText } from "../../lib/text.ts";
import { errorText, logger } from "../log.ts";

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
  if (!analysis.pixels) return { logo: { src: dataUrl(fetched), symbol }, average: analysis.average };
  // Decoded bitmaps are scaled here to the size drawn: a layered card lays
  // these pixels itself, and the PNG data URL (for a whole-card render) is
  // made only when asked for. GIF logos are handed over as they came.
  const pixels = coverSquare(analysis.pixels, displaySize);
  let src: string | null = null;
  const logo: CardLogo = {
    symbol,
    pixels,
    get src() {
      return src ??= `data:image/png;base64,${bytesToBase64(encodeRgbaPng(pixels, displaySize, displaySize))}`;
    },
  };
  return { logo, average: analysis.average };
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
  return { from, to, watermark: await watermarkFor(productSvg, light ? 0.12 : 0.14) };
}

/** What primes satori: one line of text in the default fonts. */
const PRIMER = <div style={{ display: "flex", fontSize: 16 }}>Ag 0</div>;

/**
 * Pays, before the first card of a process, the first-call costs every card
 * shares: satori's (fonts parsed, layout set up: 40-60 ms), the watermark
 * at both opacities (read from the layer store, or drawn: 10-15 ms cold) and
 * the logos' circle masks. A render worker runs it once ready, while the service looks its
 * first card up; a card that comes meanwhile waits only for what it needs.
 */
export async function primeDrawing(fonts: DefaultFontLoader): Promise<void> {
  const [loaded, brand] = await Promise.all([fonts.load(), loadBrandLogos()]);
  await renderCardSvg(PRIMER, { fonts: loaded, width: 64, height: 32 });
  for (const tone of [DEFAULT_COLOR, { r: 255, g: 255, b: 255 }]) await backdropFor(tone, tone, brand.productSvg);
  for (const size of [TOKEN_LOGO_SIZE, POOL_LOGO_SIZE]) prepareRoundLogo(size);
}

/** A stand-in colour of the same lightness (light: white, dark: the default), for drawing a base. */
function baseTone(color: Rgb): Rgb {
  return isLight(color) ? { r: 255, g: 255, b: 255 } : DEFAULT_COLOR;
}

/** Nothing that changes per card: what the base of a layered card is drawn from. */
const NO_TEXT = { name: "", symbol: "", chainLogo: null } as const;
const NO_LOGO: CardLogo = { src: null, symbol: null };

/** The decoded logos among `logos`, where they sit: laid in memory (see `LayeredCard` of `render.ts`). */
export function logoSpots(
  logos: readonly (readonly [CardLogo, { readonly x: number; readonly y: number }])[],
  size: number,
): LayeredCard["logos"] {
  return logos.flatMap(([logo, at]) => logo.pixels ? [{ ...at, size, pixels: logo.pixels }] : []);
}

/** The token card in layers: its base depends on its text colour only. */
export function layeredTokenCard(props: TokenCardProps): LayeredCard {
  const tone = baseTone(props.background);
  return {
    baseKey: `token:${isLight(tone) ? "light" : "dark"}`,
    base: <TokenCard {...props} {...NO_TEXT} logo={NO_LOGO} background={tone} layer="base" />,
    face: <TokenCard {...props} layer="face" />,
    whole: <TokenCard {...props} />,
    faceRegions: tokenFaceRegions(props),
    logos: logoSpots([[props.logo, TOKEN_LOGO_AT]], TOKEN_LOGO_SIZE),
    pictures: props.chainLogo ? [{ ...TOKEN_CHAIN_LOGO_AT, src: props.chainLogo }] : [],
  };
}

/** The pool card in layers: its base depends on its text colour only. */
export function layeredPoolCard(props: PoolCardProps): LayeredCard {
  const tone = baseTone(mix(props.color0, props.color1));
  return {
    baseKey: `pool:${isLight(tone) ? "light" : "dark"}`,
    base: (
      <PoolCard
        {...props}
        token0={NO_LOGO}
        token1={NO_LOGO}
        name=""
        feeLabel=""
        hook={null}
        protocolVersion={null}
        chainLogo={null}
        color0={tone}
        color1={tone}
        layer="base"
      />
    ),
    face: <PoolCard {...props} layer="face" />,
    whole: <PoolCard {...props} />,
    faceRegions: poolFaceRegions(props),
    logos: logoSpots([[props.token0, TILE_LOGOS_AT[0]], [props.token1, TILE_LOGOS_AT[1]]], POOL_LOGO_SIZE),
    pictures: props.chainLogo ? [{ ...TILE_CHAIN_LOGO_AT, src: props.chainLogo }] : [],
  };
}

/** The position card in layers: its base depends on its text colour only. */
export function layeredPositionCard(props: PositionCardProps): LayeredCard {
  const tone = baseTone(positionBackground(props.color0, props.color1));
  return {
    baseKey: `position:${isLight(tone) ? "light" : "dark"}:${props.status}:${props.protocolVersion}`,
    base: (
      <PositionCard
        {...props}
        token0={NO_LOGO}
        token1={NO_LOGO}
        name=""
        feeLabel=""
        priceLower=""
        priceUpper=""
        chainLogo={null}
        color0={tone}
        color1={tone}
        layer="base"
      />
    ),
    face: <PositionCard {...props} layer="face" />,
    whole: <PositionCard {...props} />,
    faceRegions: positionFaceRegions(props),
    stamps: [positionFeeStamp(props)],
    logos: logoSpots([[props.token0, TILE_LOGOS_AT[0]], [props.token1, TILE_LOGOS_AT[1]]], POOL_LOGO_SIZE),
    pictures: props.chainLogo ? [{ ...TILE_CHAIN_LOGO_AT, src: props.chainLogo }] : [],
  };
}

/** Any job {@linkcode drawCard} draws: a {@linkcode CardJob} or a position ({@linkcode PositionCardJob}). */
export type AnyCardJob = CardJob | PositionCardJob;

/** The jobs drawn in layers (token, pool, position): what {@linkcode layoutCard} lays out. */
export type LayeredCardJob = Exclude<AnyCardJob, { kind: "default" | "nft_asset" | "nft_collection" }>;

/**
 * Draws a card described by `job` as PNG bytes: decodes its logos, then lays
 * it out and renders it. CPU-bound: the service runs it in a render Worker.
 */
export async function drawCard(job: AnyCardJob, context: DrawContext): Promise<Uint8Array> {
  const [fonts, brand] = await Promise.all([context.fonts.load(), loadBrandLogos()]);
  if (job.kind === "default") {
    // drawn once per process (scripts/make_default_preview.ts): no layers
    return await renderCardPng(<DefaultCard productLogo={brand.product} />, {
      fonts,
      loadAdditionalAsset: assetLoader(job),
      backdrop: await backdropFor(DEFAULT_COLOR, DEFAULT_COLOR, brand.productSvg),
      onTimings: context.onTimings,
    });
  }
  if (job.kind === "nft_asset" || job.kind === "nft_collection") {
    // drawn whole, on the average colour of the NFT's image (rare next to token cards: no layers)
    const { element, background } = await layoutNftCard(job, brand.product);
    return await renderCardPng(element, {
      fonts,
      loadAdditionalAsset: assetLoader(job),
      backdrop: await backdropFor(background, background, brand.productSvg),
      onTimings: context.onTimings,
    });
  }
  const { card, from, to } = await layoutCard(job, brand);
  return await renderLayeredPng(card, {
    fonts,
    loadAdditionalAsset: assetLoader(job),
    backdrop: await backdropFor(from, to, brand.productSvg),
    onTimings: context.onTimings,
  });
}

/** A card laid out from its job: its layers, and the colours its backdrop runs between. */
export interface LaidOutCard {
  readonly card: LayeredCard;
  readonly from: Rgb;
  readonly to: Rgb;
}

/** Shown for a figure the gateway does not know. */
const UNKNOWN_FIGURE = "–";

/**
 * Decodes the image of an NFT asset or collection job (capped and guarded
 * like a logo; undrawable: the tile) and lays its card out, on the image's
 * average colour.
 */
export async function layoutNftCard(
  job: NftAssetCardJob | NftCollectionCardJob,
  productLogo: string,
): Promise<{ element: React.JSX.Element; background: Rgb }> {
  if (job.kind === "nft_asset") {
    const nft = job.nft;
    const name = cardText(nft.name, `${cardText(nft.collectionName, "NFT")} #${nft.tokenId}`);
    const prepared = await decodeLogo(job.image, nft.collectionName ?? nft.name, NFT_IMAGE_SIZE);
    const background = backgroundColor(prepared.average);
    const price = nft.listingEth !== null
      ? { label: "Listed", value: ethLabel(nft.listingEth) }
      : nft.floorEth !== null
      ? { label: "Floor", value: ethLabel(nft.floorEth) }
      : null;
    const element = (
      <NftAssetCard
        name={name}
        collectionName={nft.collectionName === null ? null : cardText(nft.collectionName, "")}
        verified={nft.isVerified}
        price={price}
        image={prepared.logo}
        background={background}
        productLogo={productLogo}
      />
    );
    return { element, background };
  }
  const data = job.collection;
  const prepared = await decodeLogo(job.image, data.name, COLLECTION_IMAGE_SIZE);
  const background = backgroundColor(prepared.average);
  const figure = (value: number | null, format: (v: number) => string) =>
    value === null ? UNKNOWN_FIGURE : format(value);
  const stats: NftCollectionCardProps["stats"] = [
    { label: "Floor", value: figure(data.floorEth, ethLabel) },
    { label: "24h volume", value: figure(data.volume24hEth, ethLabel) },
    { label: "Owners", value: figure(data.owners, countLabel) },
    { label: "Items", value: figure(data.items, countLabel) },
  ];
  const element = (
    <NftCollectionCard
      name={cardText(data.name, "NFT collection")}
      verified={data.isVerified}
      stats={stats}
      image={prepared.logo}
      background={background}
      productLogo={productLogo}
    />
  );
  return { element, background };
}

/**
 * Decodes the logos of a token, pool or position job and lays its card out
 * (what {@linkcode drawCard} renders; benchmarks draw the same card with
 * other renderers from `card.whole`).
 */
export async function layoutCard(
  job: LayeredCardJob,
  brand: BrandLogos,
): Promise<LaidOutCard> {
  if (job.kind === "token") {
    const prepared = await decodeLogo(job.logo, job.symbol, TOKEN_LOGO_SIZE);
    const background = backgroundColor(prepared.average);
    const card = layeredTokenCard({
      name: cardText(job.name, "Token"),
      symbol: cardText(job.symbol, "UNK"),
      logo: prepared.logo,
      background,
      chainLogo: chainLogo(brand, job.chainName),
      productLogo: brand.product,
    });
    return { card, from: background, to: background };
  }
  if (job.kind === "position") {
    const data = job.position;
    const token0 = await decodeLogo(job.logo0, data.token0Symbol, POOL_LOGO_SIZE);
    const token1 = await decodeLogo(job.logo1, data.token1Symbol, POOL_LOGO_SIZE);
    const color0 = backgroundColor(token0.average);
    const color1 = backgroundColor(token1.average);
    const card = layeredPositionCard({
      token0: token0.logo,
      token1: token1.logo,
      color0,
      color1,
      name: `${cardText(data.token0Symbol, "UNK")}/${cardText(data.token1Symbol, "UNK")}`,
      protocolVersion: data.protocolVersion,
      feeLabel: feeLabel(data.feeTier, data.isDynamicFee === true, data.protocolVersion),
      priceLower: cardText(data.priceLower, UNKNOWN_PRICE),
      priceUpper: cardText(data.priceUpper, UNKNOWN_PRICE),
      status: data.status,
      chainLogo: chainLogo(brand, job.chainName),
      productLogo: brand.product,
    });
    const background = positionBackground(color0, color1);
    return { card, from: background, to: background };
  }
  const data = job.pool;
  const token0 = await decodeLogo(job.logo0, data.token0Symbol, POOL_LOGO_SIZE);
  const token1 = await decodeLogo(job.logo1, data.token1Symbol, POOL_LOGO_SIZE);
  const color0 = backgroundColor(token0.average);
  const color1 = backgroundColor(token1.average);
  const name = `${cardText(data.token0Symbol, "UNK")}/${cardText(data.token1Symbol, "UNK")}`;
  const card = layeredPoolCard({
    token0: token0.logo,
    token1: token1.logo,
    color0,
    color1,
    name,
    protocolVersion: data.protocolVersion,
    feeLabel: feeLabel(data.feeTier, data.isDynamicFee, data.protocolVersion),
    hook: data.protocolVersion === "V4" ? shortHook(data.hookAddress) : null,
    chainLogo: chainLogo(brand, job.chainName),
    productLogo: brand.product,
  });
  return { card, from: color0, to: color1 };
}
