/**
 * Fills the share images' layer store (`build/og_layers/`, see
 * `og/raster/layer_store.ts`): draws a token, pool and position card of
 * each text colour (positions: each status and version), so their bases and
 * the scaled watermarks are on disk and a fresh render worker reads them
 * instead of drawing them. Run by `deno task build` and `deno task start`
 * (`prepare.ts --build`); quick (about a second) and offline. With the
 * renderer the service would choose (`RENDERER`, else native when it loads).
 *
 * @module
 */
import { createDefaultFontLoader } from "../og/assets/fonts.ts";
import { loadBrandLogos } from "../og/layout/chain_logos.ts";
import { backdropFor, layeredPoolCard, layeredPositionCard, layeredTokenCard } from "../og/raster/draw.tsx";
import { DEFAULT_LAYER_DIR, layerWritesDone } from "../og/raster/layer_store.ts";
import { renderLayeredPng } from "../og/raster/render.ts";
import { selectRenderer } from "../og/raster/resvg.ts";
import { ROOT_DIR } from "../server/paths.ts";

const WHITE = { r: 255, g: 255, b: 255 };
const DARK = { r: 20, g: 20, b: 40 };

/**
 * Removes the stored layers: their files are named by what they hold, so the
 * ones of older code or fonts would only pile up (about 15 MB a set).
 */
async function clearStore(): Promise<void> {
  try {
    for await (const entry of Deno.readDir(DEFAULT_LAYER_DIR)) {
      if (entry.isFile && entry.name.endsWith(".bin")) await Deno.remove(`${DEFAULT_LAYER_DIR}${entry.name}`);
    }
  } catch (error) {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  }
}

/** Draws one card of each base, in a store emptied first; resolves when it holds them (or could not be written). */
export async function drawLayers(): Promise<number> {
  await clearStore();
  const preference = Deno.env.get("RENDERER");
  await selectRenderer(preference === "native" || preference === "wasm" ? preference : null);
  const fonts = await createDefaultFontLoader(`${ROOT_DIR}static`).load();
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
  await layerWritesDone();
  // What `prepare.ts --build` compares with the cards' code and fonts, whoever ran this (it or `deno task build`).
  await Deno.writeTextFile(`${DEFAULT_LAYER_DIR}.drawn`, "").catch(() => {});
  return cards;
}

if (import.meta.main) {
  const started = performance.now();
  const cards = await drawLayers();
  console.log(`Drew the layers of ${cards} cards in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
