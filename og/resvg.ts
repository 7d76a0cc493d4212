/**
 * resvg-wasm, initialised once per process from the bytes in
 * `node_modules`, and a helper that draws an SVG document to pixels.
 *
 * @module
 */

import { initWasm, Resvg } from "@resvg/resvg-wasm";
import { readFile } from "node:fs/promises";
import { packageFile } from "./paths.ts";

let wasmReady: Promise<void> | null = null;

/**
 * Initialises resvg-wasm once; later calls share the same promise. Another
 * module of the process may have initialised it already (`initWasm` then
 * refuses a second call): that counts as ready.
 */
export function ensureResvg(): Promise<void> {
  if (!wasmReady) {
    wasmReady = readFile(packageFile("@resvg/resvg-wasm", "index_bg.wasm"))
      .then((bytes) => initWasm(bytes))
      .catch((error) => {
        if (error instanceof Error && error.message.startsWith("Already initialized")) return;
        // A failed first call may be retried.
        wasmReady = null;
        throw error;
      });
  }
  return wasmReady;
}

/** Pixels of an SVG document drawn by resvg (RGBA, 8 bits per channel). */
export interface RasterImage {
  readonly width: number;
  readonly height: number;
  readonly pixels: Uint8Array;
}

/**
 * Draws `svg` with resvg-wasm; `fitWidth` scales it to that width (the SVG's
 * own size when omitted). System fonts are never loaded: satori has already
 * turned text into paths.
 */
export async function rasterizeSvg(
  svg: string,
  fitWidth?: number,
): Promise<RasterImage> {
  await ensureResvg();
  const resvg = new Resvg(svg, {
    fitTo: fitWidth ? { mode: "width", value: fitWidth } : { mode: "original" },
    font: { loadSystemFonts: false },
  });
  try {
    const image = resvg.render();
    try {
      return {
        width: image.width,
        height: image.height,
        pixels: image.pixels.slice(),
      };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}
