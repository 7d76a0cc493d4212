/**
 * The cards every render benchmark draws, built once here so that each side
 * draws the same thing: the jobs og/'s render workers get (token, pool and
 * position, a 128 px PNG logo as fetched bytes), what og/ lays out from them
 * (`layoutCard` of `og/raster/draw.tsx`, in one layer, with its backdrop: og/'s
 * reference pixels), and the same tree as a Takumi, @vercel/og or plain
 * satori user would write it, with the background and the watermark (which
 * og/ paints outside satori) drawn by the renderer itself.
 *
 * @module
 */
import { encode } from "fast-png";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReactElement, ReactNode } from "react";
import { cssRgb } from "../og/logo/average_color.ts";
import { type Backdrop, WATERMARK } from "../og/raster/backdrop.ts";
import { type AnyCardJob, backdropFor, type LayeredCardJob, layoutCard } from "../og/job/draw.tsx";
import { loadBrandLogos } from "../og/layout/chain_logos.ts";
import { type CardFont, createDefaultFontLoader } from "../og/assets/fonts.ts";
import { bytesToBase64, svgDataUrl } from "../og/assets/iconify.ts";
import { CARD_HEIGHT, CARD_WIDTH } from "../og/raster/render.ts";
import { ROOT_DIR } from "../server/paths.ts";

/** Repository root. */

/** Kinds of bench card. */
export type CardKind = "token" | "pool" | "position";

/** Every kind, in the order the rounds draw them. */
export const CARD_KINDS: readonly CardKind[] = ["token", "pool", "position"];

/**
 * A 128x128 PNG logo: a red disc fading to orange on transparency; with
 * `tint` 1-1023 the same disc in another colour (each its own average
 * colour, so each card its own backdrop).
 */
export function benchLogoPng(tint = 0): Uint8Array {
  const size = 128;
  const data = new Uint8Array(size * size * 4);
  const r = (220 + tint * 37) % 256;
  const b = (60 + tint * 91) % 256;
  const g = 40 + (tint >> 8) * 20;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      const inside = (x - 64) ** 2 + (y - 64) ** 2 < 62 ** 2;
      data.set([r, g + y, b, inside ? 255 : 0], o);
    }
  }
  return encode({ width: size, height: size, data, channels: 4 });
}

/** A tree of host elements only, as JSON (function components called). */
type HostNode = string | number | null | { type: string; props: Record<string, unknown> };

function resolve(node: ReactNode): HostNode | HostNode[] {
  if (node === null || node === undefined || typeof node === "boolean") return null;
  if (typeof node === "string" || typeof node === "number") return node;
  if (Array.isArray(node)) return node.map((child) => resolve(child)).flat();
  const element = node as ReactElement<Record<string, unknown>>;
  if (typeof element.type === "function") {
    return resolve((element.type as (props: unknown) => ReactNode)(element.props));
  }
  const { children, ...props } = element.props;
  const out: Record<string, unknown> = { ...props };
  if (children !== undefined) out.children = resolve(children as ReactNode);
  return { type: String(element.type), props: out };
}

/** The card as @vercel/og and satori users write it: background and watermark drawn by satori. */
function forSatori(card: ReactNode, backdrop: Backdrop, productSvg: string): HostNode {
  const root = resolve(card) as { type: string; props: Record<string, unknown> };
  const { from, to } = backdrop;
  const style = {
    ...(root.props.style as Record<string, unknown>),
    position: "relative",
    backgroundColor: cssRgb(from),
    backgroundImage: `linear-gradient(135deg, ${cssRgb(from)}, ${cssRgb(to)})`,
  };
  const mark = {
    type: "img",
    props: {
      src: svgDataUrl(productSvg),
      width: WATERMARK.size,
      height: WATERMARK.size,
      style: {
        position: "absolute",
        right: WATERMARK.right,
        bottom: WATERMARK.bottom,
        opacity: backdrop.watermark?.opacity ?? 0.14,
      },
    },
  };
  const children = [root.props.children].flat();
  return { type: root.type, props: { ...root.props, style, children: [mark, ...children] } };
}

/** The bench cards: the jobs og/ draws, what it draws from them, and their satori-only twins. */
export interface BenchCards {
  readonly fonts: readonly CardFont[];
  /** The jobs as a render worker gets them (logo bytes not yet decoded). */
  readonly jobs: Record<CardKind, AnyCardJob>;
  /** What og/ draws from each job, in one layer, over its backdrop (og/'s reference pixels). */
  readonly ours: Record<CardKind, { card: ReactNode; backdrop: Backdrop }>;
  readonly satori: Record<CardKind, HostNode>;
}

/** The three bench jobs: a token with a PNG logo, a pool and a position with one logo and one letter tile each. */
export function benchJobs(): Record<CardKind, AnyCardJob> {
  const logo = { bytes: benchLogoPng(), type: "png", width: 128, height: 128 } as const;
  const common = { emojiSet: "twemoji", dynamicAssets: true } as const;
  return {
    token: { ...common, kind: "token", chainName: "arbitrum", name: "Uniswap", symbol: "UNI", logo },
    pool: {
      ...common,
      kind: "pool",
      chainName: "arbitrum",
      pool: { token0Symbol: "UNI", token1Symbol: "WETH", feeTier: 3000, protocolVersion: "V3" },
      logo0: logo,
      logo1: null,
    },
    position: {
      ...common,
      kind: "position",
      chainName: "arbitrum",
      position: {
        protocolVersion: "V3",
        token0Symbol: "UNI",
        token1Symbol: "WETH",
        feeTier: 3000,
        priceLower: "0.0021",
        priceUpper: "0.0034",
        status: "in-range",
      },
      logo0: logo,
      logo1: null,
    },
  };
}

/** Builds the bench cards: og/'s own layout of each job (`layoutCard`), and its twins. */
export async function benchCards(): Promise<BenchCards> {
  const brand = await loadBrandLogos();
  const fonts = await createDefaultFontLoader(join(ROOT_DIR, "static")).load();
  const jobs = benchJobs();
  const ours = {} as Record<CardKind, { card: ReactNode; backdrop: Backdrop }>;
  const satori = {} as Record<CardKind, HostNode>;
  for (const kind of CARD_KINDS) {
    const { card, from, to } = await layoutCard(jobs[kind] as LayeredCardJob, brand);
    const backdrop = await backdropFor(from, to, brand.productSvg);
    ours[kind] = { card: card.whole, backdrop };
    satori[kind] = forSatori(card.whole, backdrop, brand.productSvg);
  }
  return { fonts, jobs, ours, satori };
}

/** Writes what the Node sides read: size, fonts (base64) and the satori trees. */
export async function writeCardsFile(path: string, cards: BenchCards): Promise<void> {
  await writeFile(
    path,
    JSON.stringify({
      width: CARD_WIDTH,
      height: CARD_HEIGHT,
      fonts: cards.fonts.map((f) => ({
        name: f.name,
        weight: f.weight,
        style: f.style,
        base64: bytesToBase64(new Uint8Array(f.data)),
      })),
      ...cards.satori,
    }),
  );
}
