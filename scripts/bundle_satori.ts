/**
 * Bundles satori and its dependencies into the one script the render
 * workers load with V8's code cache (`og/raster/satori_script.ts`):
 * `build/og_layers/satori.js`, made with esbuild from the installed
 * packages. `draw_layers.ts` runs it first, then lays the cards out with the
 * script and stores its code cache beside it (`satori.code`).
 *
 * @module
 */

import { build, stop } from "esbuild";
import {
  SATORI_CODE_FILE,
  SATORI_SCRIPT_FILE,
  satoriScriptHeader,
  satoriScriptSource,
} from "../og/raster/satori_script.ts";
import { DEFAULT_LAYER_DIR } from "../og/raster/layer_store.ts";
import { ROOT_DIR } from "../server/paths.ts";

/** Writes `data` to `path` through a temporary file and a rename, so a reader never sees half a file. */
export async function writeWhole(path: string, data: string | Uint8Array): Promise<void> {
  const temp = `${path}.${Deno.pid}.tmp`;
  try {
    if (typeof data === "string") await Deno.writeTextFile(temp, data);
    else await Deno.writeFile(temp, data);
    await Deno.rename(temp, path);
  } catch (error) {
    await Deno.remove(temp).catch(() => {});
    throw error;
  }
}

/**
 * Writes satori's script into `dir` (the code cache of an older one is
 * removed first: it belongs to that script). Resolves with its size in bytes.
 */
export async function bundleSatori(dir: string = DEFAULT_LAYER_DIR): Promise<number> {
  await Deno.mkdir(dir, { recursive: true });
  await Deno.remove(`${dir}${SATORI_CODE_FILE}`).catch(() => {});
  try {
    const result = await build({
      stdin: { contents: 'export { default } from "satori";', resolveDir: ROOT_DIR, loader: "js" },
      bundle: true,
      format: "cjs",
      platform: "neutral",
      mainFields: ["module", "main"],
      target: "es2022",
      minifyWhitespace: true,
      legalComments: "none",
      write: false,
      logLevel: "error",
    });
    const source = satoriScriptSource(await satoriScriptHeader(crypto.randomUUID()), result.outputFiles[0].text);
    await writeWhole(`${dir}${SATORI_SCRIPT_FILE}`, source);
    return source.length;
  } finally {
    await stop();
  }
}
