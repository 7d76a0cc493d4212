/**
 * The two cards every render benchmark draws, built once here so that each
 * side draws the same thing: og/'s token and pool cards (element tree,
 * Inter 700 files, a 128 px PNG logo already scaled to the drawn size), and
 * the same tree as a @vercel/og or plain satori user would write it, with
 * the background and the watermark (which og/ paints outside satori) drawn
 * by satori itself.
 *
 * @module
 */
import { encode } from "fast-png";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { ReactElement, ReactNode } from "react";
import { cssRgb, type Rgb } from "../og/average_color.ts";
import { type Backdrop, WATERMARK } from "../og/backdrop.ts";
import { backdropFor } from "../og/draw.tsx";
import { chainLogo, loadBrandLogos } from "../og/chain_logos.ts";
import { type CardFont, createDefaultFontLoader } from "../og/fonts.ts";
import { bytesToBase64, svgDataUrl } from "../og/iconify.ts";
import { feeLabel, PoolCard } from "../og/pool_card.tsx";
import { CARD_HEIGHT, CARD_WIDTH } from "../og/render.ts";
import { TokenCard } from "../og/token_card.tsx";
import { ROOT_DIR } from "../server/paths.ts";

/** Repository root. */

/** Kinds of bench card. */
export type CardKind = "token" | "pool";

/** A 128x128 PNG logo: a red disc fading to orange on transparency. */
export function benchLogoPng(): Uint8Array {
  const size = 128;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      const inside = (x - 64) ** 2 + (y - 64) ** 2 < 62 ** 2;
      data.set([220, 40 + y, 60, inside ? 255 : 0], o);
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

/** The bench cards: og/'s element trees and backdrops, and their satori-only twins. */
export interface BenchCards {
  readonly fonts: readonly CardFont[];
  readonly ours: Record<CardKind, { card: ReactNode; backdrop: Backdrop }>;
  readonly satori: Record<CardKind, HostNode>;
}

/** Builds the bench cards. */
export async function benchCards(): Promise<BenchCards> {
  const brand = await loadBrandLogos();
  const fonts = await createDefaultFontLoader(join(ROOT_DIR, "static")).load();
  const logo = `data:image/png;base64,${bytesToBase64(benchLogoPng())}`;
  const red: Rgb = { r: 205, g: 92, b: 60 };
  const blue: Rgb = { r: 40, g: 90, b: 200 };
  const tokenBackdrop = await backdropFor(red, red, brand.productSvg);
  const poolBackdrop = await backdropFor(red, blue, brand.productSvg);
  const token = (
    <TokenCard
      name="Uniswap"
      symbol="UNI"
      logo={{ src: logo, symbol: "UNI" }}
      background={red}
      chainLogo={chainLogo(brand, "arbitrum")}
      productLogo={brand.product}
    />
  );
  const pool = (
    <PoolCard
      token0={{ src: logo, symbol: "UNI" }}
      token1={{ src: null, symbol: "WETH" }}
      color0={red}
      color1={blue}
      name="UNI/WETH"
      protocolVersion="V3"
      feeLabel={feeLabel(3000, false, "V3")}
      chainLogo={chainLogo(brand, "arbitrum")}
      productLogo={brand.product}
    />
  );
  return {
    fonts,
    ours: { token: { card: token, backdrop: tokenBackdrop }, pool: { card: pool, backdrop: poolBackdrop } },
    satori: {
      token: forSatori(token, tokenBackdrop, brand.productSvg),
      pool: forSatori(pool, poolBackdrop, brand.productSvg),
    },
  };
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
      token: cards.satori.token,
      pool: cards.satori.pool,
    }),
  );
}
