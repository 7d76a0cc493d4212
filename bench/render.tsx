/**
 * The render comparison: the token and pool cards rendered uncached by og/
 * (satori + resvg-wasm + our PNG encoder, under Deno) and the same card (same
 * element tree, same Inter 700 files, same logo) rendered by `@vercel/og`
 * 0.11.1 `ImageResponse` under Node (`bench/node/render.mjs`).
 *
 * @module
 */
import { decode, encode } from "fast-png";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ReactElement, ReactNode } from "react";
import { cssRgb, type Rgb } from "../og/average_color.ts";
import { type Backdrop, WATERMARK, watermarkImage } from "../og/backdrop.ts";
import { luminance } from "../og/card_parts.tsx";
import { chainLogo, loadBrandLogos } from "../og/chain_logos.ts";
import { createDefaultFontLoader } from "../og/fonts.ts";
import { bytesToBase64, svgDataUrl } from "../og/iconify.ts";
import { feeLabel, mix, PoolCard } from "../og/pool_card.tsx";
import { CARD_HEIGHT, CARD_WIDTH, renderCardPng } from "../og/render.ts";
import { TokenCard } from "../og/token_card.tsx";
import { fromFileUrl } from "../scripts/paths.ts";

const ROOT = fromFileUrl(new URL("../", import.meta.url));
const ITERATIONS = Number(Deno.env.get("BENCH_RENDER_ITERATIONS") ?? 40);
/** Ours and theirs alternate in rounds, so that load from other processes hits both alike. */
const ROUNDS = 4;
const WARMUP = 5;

/** One printed line of the render comparison. */
export interface RenderRow {
  name: string;
  p50?: number;
  p95?: number;
  value?: string;
  target?: string;
}

/** Median and p95 of a series of milliseconds. */
export interface Timing {
  medianMs: number;
  p95Ms: number;
  n: number;
}

function timing(values: number[]): Timing {
  const sorted = [...values].sort((a, b) => a - b);
  return {
    medianMs: sorted[Math.floor(sorted.length / 2)],
    p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))],
    n: sorted.length,
  };
}

/** A 128x128 PNG logo: a red disc fading to orange on transparency. */
function benchLogo(): string {
  const size = 128;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const o = (y * size + x) * 4;
      const inside = (x - 64) ** 2 + (y - 64) ** 2 < 62 ** 2;
      data.set([220, 40 + y, 60, inside ? 255 : 0], o);
    }
  }
  return `data:image/png;base64,${bytesToBase64(encode({ width: size, height: size, data, channels: 4 }))}`;
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

/**
 * The card as @vercel/og users would write it: our card's tree, with the
 * background and the watermark (which og/ paints outside satori) drawn by
 * satori itself.
 */
function forVercel(card: ReactNode, backdrop: Backdrop, productSvg: string): HostNode {
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
        opacity: backdrop.watermark?.opacity ?? 0.18,
      },
    },
  };
  const children = [root.props.children].flat();
  return { type: root.type, props: { ...root.props, style, children: [mark, ...children] } };
}

interface NodeTiming extends Timing {
  times: number[];
  bytes: number;
}

async function runNode(
  input: string,
  iterations: number,
): Promise<{ token: NodeTiming; pool: NodeTiming; version: string; node: string }> {
  const dir = join(ROOT, "bench/node");
  try {
    await Deno.stat(join(dir, "node_modules/@vercel/og/package.json"));
  } catch {
    throw new Error("Cannot find @vercel/og: run `cd bench/node && npm install`");
  }
  const output = await new Deno.Command("node", {
    args: ["render.mjs", input, String(iterations), String(WARMUP)],
    cwd: dir,
    stdout: "piped",
    stderr: "piped",
  }).output();
  if (!output.success) throw new Error(`node render.mjs failed: ${new TextDecoder().decode(output.stderr)}`);
  return JSON.parse(new TextDecoder().decode(output.stdout));
}

async function timeOurs(
  render: () => Promise<Uint8Array>,
  iterations: number,
): Promise<{ times: number[]; png: Uint8Array }> {
  let png: Uint8Array = new Uint8Array(0);
  for (let i = 0; i < WARMUP; i++) png = await render();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const started = performance.now();
    await render();
    times.push(performance.now() - started);
  }
  return { times, png };
}

/** Mean absolute difference per RGB channel (0-255) of two same-size PNGs. */
function meanDifference(a: Uint8Array, b: Uint8Array): number {
  const x = decode(a);
  const y = decode(b);
  if (x.width !== y.width || x.height !== y.height) {
    throw new Error(`Cannot compare a ${x.width}x${x.height} PNG with a ${y.width}x${y.height} one`);
  }
  const cx = x.channels;
  const cy = y.channels;
  let sum = 0;
  for (let i = 0; i < x.width * x.height; i++) {
    for (let c = 0; c < 3; c++) sum += Math.abs(Number(x.data[i * cx + c]) - Number(y.data[i * cy + c]));
  }
  return sum / (x.width * x.height * 3);
}

/** Renders both cards with og/ and with @vercel/og; returns figures and table rows. */
export async function runRenderComparison(): Promise<{ rows: RenderRow[]; [key: string]: unknown }> {
  const brand = await loadBrandLogos();
  const fonts = await createDefaultFontLoader(join(ROOT, "static")).load("http://127.0.0.1");
  const logo = benchLogo();
  const red: Rgb = { r: 205, g: 92, b: 60 };
  const blue: Rgb = { r: 40, g: 90, b: 200 };
  const watermark = await watermarkImage(brand.productSvg);
  const tokenBackdrop: Backdrop = { from: red, to: red, watermark: { image: watermark, opacity: 0.18 } };
  const poolBackdrop: Backdrop = {
    from: red,
    to: blue,
    watermark: { image: watermark, opacity: luminance(mix(red, blue)) > 0.45 ? 0.12 : 0.18 },
  };
  const tokenCard = (
    <TokenCard
      name="Uniswap"
      symbol="UNI"
      logo={{ src: logo, symbol: "UNI" }}
      background={red}
      chainLogo={chainLogo(brand, "arbitrum")}
      productLogo={brand.product}
    />
  );
  const poolCard = (
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

  const renders = {
    token: () => renderCardPng(tokenCard, { fonts, backdrop: tokenBackdrop }),
    pool: () => renderCardPng(poolCard, { fonts, backdrop: poolBackdrop }),
  };
  const perRound = Math.max(1, Math.ceil(ITERATIONS / ROUNDS));
  const oursTimes = { token: [] as number[], pool: [] as number[] };
  const theirTimes = { token: [] as number[], pool: [] as number[] };
  const pngs = { token: new Uint8Array(0) as Uint8Array, pool: new Uint8Array(0) as Uint8Array };
  const differences = { token: NaN, pool: NaN };
  let version = "";
  let nodeVersion = "";
  const dir = await mkdtemp(join(tmpdir(), "bench-render-"));
  try {
    const input = join(dir, "cards.json");
    await writeFile(
      input,
      JSON.stringify({
        width: CARD_WIDTH,
        height: CARD_HEIGHT,
        fonts: fonts.map((f) => ({
          name: f.name,
          weight: f.weight,
          style: f.style,
          base64: bytesToBase64(new Uint8Array(f.data as ArrayBuffer)),
        })),
        token: forVercel(tokenCard, tokenBackdrop, brand.productSvg),
        pool: forVercel(poolCard, poolBackdrop, brand.productSvg),
      }),
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const kind of ["token", "pool"] as const) {
        const { times, png } = await timeOurs(renders[kind], perRound);
        oursTimes[kind].push(...times);
        pngs[kind] = png;
      }
      const theirs = await runNode(input, perRound);
      version = theirs.version;
      nodeVersion = theirs.node;
      for (const kind of ["token", "pool"] as const) theirTimes[kind].push(...theirs[kind].times);
    }
    for (const kind of ["token", "pool"] as const) {
      const theirs = await Deno.readFile(join(dir, `${kind}.png`));
      differences[kind] = meanDifference(pngs[kind], theirs);
      const keep = Deno.env.get("BENCH_KEEP_PNGS");
      if (keep) {
        await writeFile(join(keep, `${kind}-og.png`), pngs[kind]);
        await writeFile(join(keep, `${kind}-vercel.png`), theirs);
      }
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
  const ours = { token: timing(oursTimes.token), pool: timing(oursTimes.pool) };
  const vercel = { version, node: nodeVersion, token: timing(theirTimes.token), pool: timing(theirTimes.pool) };

  const rows: RenderRow[] = [];
  for (const kind of ["token", "pool"] as const) {
    const ratio = ours[kind].medianMs / vercel[kind].medianMs;
    rows.push({ name: `${kind} card render, og/ (Deno)`, p50: ours[kind].medianMs, p95: ours[kind].p95Ms });
    rows.push({
      name: `${kind} card render, @vercel/og ${vercel.version}`,
      p50: vercel[kind].medianMs,
      p95: vercel[kind].p95Ms,
      value: `Node ${vercel.node}`,
    });
    rows.push({
      name: `${kind} card: og/ / @vercel/og`,
      value: `${ratio.toFixed(2)}x median; pixels differ by ${differences[kind].toFixed(1)}/255 on average`,
      target: "<= 0.6x",
    });
  }
  return {
    rows,
    ours: { ...ours, bytes: { token: pngs.token.length, pool: pngs.pool.length } },
    vercel,
    meanPixelDifference: differences,
    iterations: perRound * ROUNDS,
    rounds: ROUNDS,
  };
}
