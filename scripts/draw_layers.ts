/**
 * Fills the share images' layer store (`build/og_layers/`, see
 * `og/raster/layer_store.ts`): draws a token, pool and position card of
 * each text colour (positions: each status and version), so their bases and
 * the watermarks are on disk and a fresh render worker reads them instead of
 * drawing them. First it bundles satori into one script there
 * (`bundle_satori.ts`), lays the cards out with it, draws the warm-up cards a
 * worker draws, and then keeps V8's code cache of the script
 * (`og/raster/satori_script.ts`). Run by `deno task build` and
 * `deno task start` (`prepare.ts --build`); quick (about a second) and
 * offline. With the renderer the service would choose (`RENDERER`, else
 * native when it loads).
 *
 * @module
 */
import { createDefaultFontLoader } from "../og/assets/fonts.ts";
import { loadBrandLogos } from "../og/layout/chain_logos.ts";
import {
  backdropFor,
  drawCard,
  layeredPoolCard,
  layeredPositionCard,
  layeredTokenCard,
  primeDrawing,
} from "../og/job/draw.tsx";
import { DEFAULT_LAYER_DIR, layerWritesDone, useLayerStore } from "../og/raster/layer_store.ts";
import { renderLayeredPng } from "../og/raster/render.ts";
import { warmUp } from "../og/workers/render_worker.ts";
import { selectRenderer } from "../og/raster/resvg.ts";
import { loadSatori, SATORI_CODE_FILE, satoriCodeCache } from "../og/raster/satori_script.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { bundleSatori, writeWhole } from "./bundle_satori.ts";

const WHITE = { r: 255, g: 255, b: 255 };
const DARK = { r: 20, g: 20, b: 40 };

/**
 * Removes the stored layers: their files are named by what they hold, so the
 * ones of older code or fonts would only pile up (about 15 MB a set).
 */
async function clearStore(dir: string): Promise<void> {
  try {
    for await (const entry of Deno.readDir(dir)) {
      if (entry.isFile && entry.name.endsWith(".bin")) await Deno.remove(`${dir}${entry.name}`);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
}

/**
 * Draws one card of each base into the store `dir` (emptied first), with
 * satori from its script made anew there, then keeps the script's code cache;
 * resolves when the store holds them (or could not be written). Once per
 * process: satori and the store stay those of the first call.
 */
export async function drawLayers(dir: string = DEFAULT_LAYER_DIR): Promise<number> {
  await clearStore(dir);
  await bundleSatori(dir);
  useLayerStore(dir);
  await loadSatori(dir);
  const preference = Deno.env.get("RENDERER");
  await selectRenderer(preference === "native" || preference === "wasm" ? preference : null);
  const loader = createDefaultFontLoader(`${ROOT_DIR}static`);
  const fonts = await loader.load();
  const brand = await loadBrandLogos();
  const logo = { src: null, symbol: "A" };
  let cards = 0;
  for (const tone of [WHITE, DARK]) {
    const backdrop = await backdropFor(tone, tone, brand.productSvg);
    const common = { chainLogo: null, productLogo: brand.product };
    const token = layeredTokenCard({ ...common, name: "A", symbol: "A", logo, background: tone });
    const pool = {
      ...common,
      token0: logo,
      token1: logo,
      color0: tone,
      color1: tone,
      name: "A/B",
      protocolVersion: "V3",
      feeLabel: "0.3%",
    };
    const layered = [token, layeredPoolCard(pool)];
    for (const status of ["in-range", "out-of-range", "closed"] as const) {
      for (const protocolVersion of ["V2", "V3", "V4"]) {
        layered.push(
          layeredPositionCard({ ...pool, protocolVersion, priceLower: "1", priceUpper: "2", status }),
        );
      }
    }
    for (const card of layered) {
      await renderLayeredPng(card, { fonts, backdrop });
      cards++;
    }
  }
  // What a worker runs before and for its first cards, so satori's code cache holds it compiled.
  await primeDrawing(loader);
  await warmUp((job, onTimings) => drawCard(job, { fonts: loader, onTimings }));
  await layerWritesDone();
  const code = await satoriCodeCache();
  if (code) await writeWhole(`${dir}${SATORI_CODE_FILE}`, code);
  // What `prepare.ts --build` compares with the cards' code and fonts, whoever ran this (it or `deno task build`).
  await Deno.writeTextFile(`${dir}.drawn`, "").catch(() => {});
  return cards;
}

if (import.meta.main) {
  const started = performance.now();
  // `deno run -A scripts/draw_layers.ts [dir]`: the store's directory, `build/og_layers/` by default
  const dir = Deno.args[0] ? `${Deno.args[0].replace(/\/$/, "")}/` : DEFAULT_LAYER_DIR;
  const cards = await drawLayers(dir);
  console.log(`Drew the layers of ${cards} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
