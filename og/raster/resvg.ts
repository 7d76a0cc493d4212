/**
 * SVG to pixels with resvg: the native `@resvg/resvg-js` (Node-API addon)
 * when it loads, `@resvg/resvg-wasm` otherwise (Deno Deploy and other hosts
 * without Node-API addons). Both are resvg 0.x of the same release (2.6.2)
 * and draw the same pixels within rounding; native takes about 0.4x the time.
 *
 * The renderer is chosen once per thread ({@linkcode selectRenderer}); the
 * render Workers are told which one the main thread chose. `RENDERER=native`
 * or `RENDERER=wasm` (config `renderer`) forces one; a forced `native` that
 * cannot load falls back to wasm with the reason in {@linkcode RendererInfo}.
 *
 * @module
 */

import { packageFile } from "../paths.ts";
import { memoizeUntilFailure } from "../../lib/memoize.ts";

import type { RendererName } from "../../lib/preview_images.ts";

export type { RendererName } from "../../lib/preview_images.ts";

/** Pixels of an SVG document drawn by resvg (premultiplied RGBA, 8 bits per channel). */
export interface RasterImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/** A loaded renderer. */
export interface Renderer {
  readonly name: RendererName;
  /** Draws `svg`, scaled to `fitWidth` when given (its own size otherwise). */
  rasterize(svg: string, fitWidth?: number): RasterImage;
}

/** What {@linkcode selectRenderer} chose and why. */
export interface RendererInfo {
  readonly name: RendererName;
  /** Package and version, e.g. `@resvg/resvg-js 2.6.2`. */
  readonly package: string;
  /** Why the other one was not used, when it was asked for or preferred. */
  readonly fallbackReason?: string;
}

interface ResvgLike {
  render(): { width: number; height: number; readonly pixels: Uint8Array; free?(): void };
  free?(): void;
}

type ResvgConstructor = new (svg: string, options: unknown) => ResvgLike;

function options(fitWidth: number | undefined) {
  return {
    fitTo: fitWidth ? { mode: "width", value: fitWidth } : { mode: "original" },
    // satori has already turned text into paths: never scan system fonts.
    font: { loadSystemFonts: false },
  };
}

function makeRenderer(name: RendererName, Resvg: ResvgConstructor): Renderer {
  return {
    name,
    rasterize(svg, fitWidth) {
      const resvg = new Resvg(svg, options(fitWidth));
      try {
        const image = resvg.render();
        try {
          // Both builds hand back a fresh copy of the pixels: no second copy.
          return { width: image.width, height: image.height, pixels: image.pixels };
        } finally {
          image.free?.();
        }
      } finally {
        resvg.free?.();
      }
    },
  };
}

async function loadNative(): Promise<Renderer> {
  const module = await import("@resvg/resvg-js");
  const Resvg = (module.Resvg ?? (module as { default?: { Resvg: unknown } }).default?.Resvg) as ResvgConstructor;
  const renderer = makeRenderer("native", Resvg);
  // The addon's JS loads lazily on some hosts: draw one pixel to be sure.
  renderer.rasterize('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"/>');
  return renderer;
}

async function loadWasm(): Promise<Renderer> {
  const wasm = await import("@resvg/resvg-wasm");
  try {
    await wasm.initWasm(await Deno.readFile(packageFile("@resvg/resvg-wasm", "index_bg.wasm")));
  } catch (error) {
    // Another module of this thread initialised it already: that counts as ready.
    if (!(error instanceof Error && error.message.startsWith("Already initialized"))) throw error;
  }
  return makeRenderer("wasm", wasm.Resvg as unknown as ResvgConstructor);
}

/**
 * Loads one renderer by name (once per thread; a failed load is retried on
 * the next call). Tests use it to draw the same SVG with both.
 */
export const loadRenderer: (name: RendererName) => Promise<Renderer> = memoizeUntilFailure((name: RendererName) =>
  name === "native" ? loadNative() : loadWasm()
);

const PACKAGES: Readonly<Record<RendererName, string>> = {
  native: "@resvg/resvg-js 2.6.2",
  wasm: "@resvg/resvg-wasm 2.6.2",
};

async function choose(preference: RendererName | null): Promise<{ renderer: Renderer; info: RendererInfo }> {
  if (preference !== "wasm") {
    try {
      return { renderer: await loadRenderer("native"), info: { name: "native", package: PACKAGES.native } };
    } catch (error) {
      const reason = `${PACKAGES.native} did not load: ${error instanceof Error ? error.message : String(error)}`;
      return {
        renderer: await loadRenderer("wasm"),
        info: { name: "wasm", package: PACKAGES.wasm, fallbackReason: reason },
      };
    }
  }
  return { renderer: await loadRenderer("wasm"), info: { name: "wasm", package: PACKAGES.wasm } };
}

/**
 * Which renderer `preference` gives on this host (`RENDERER`; `null`:
 * native when the addon loads, else wasm), without making it this thread's
 * renderer. The render pool asks this once and tells its Workers.
 */
export async function chooseRenderer(preference: RendererName | null = null): Promise<RendererInfo> {
  return (await choose(preference)).info;
}

let selected: Promise<{ renderer: Renderer; info: RendererInfo }> | null = null;

/**
 * Chooses the renderer of this thread once: `preference` (`RENDERER`) when
 * given, else native when the addon loads, else wasm. Later calls return
 * the first choice whatever they pass.
 */
export function selectRenderer(preference: RendererName | null = null): Promise<RendererInfo> {
  if (!selected) {
    selected = choose(preference);
    selected.catch(() => selected = null);
  }
  return selected.then((s) => s.info);
}

/** The renderer this thread chose (choosing it now, automatically, if none was). */
export async function activeRenderer(): Promise<Renderer> {
  await selectRenderer();
  return (await selected!).renderer;
}

/**
 * Draws `svg` with this thread's renderer; `fitWidth` scales it to that
 * width (the SVG's own size when omitted). System fonts are never loaded.
 */
export async function rasterizeSvg(
  svg: string,
  fitWidth?: number,
): Promise<RasterImage> {
  return (await activeRenderer()).rasterize(svg, fitWidth);
}
