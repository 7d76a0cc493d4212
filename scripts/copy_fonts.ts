/**
 * Copies the font files the cards use into `static/fonts/` (committed):
 *
 * - the default font, Inter 700 (static instances, WOFF), from
 *   `@fontsource/inter`, into `static/fonts/`;
 * - the per-script fallbacks: for each `@fontsource/noto-sans-*` package of
 *   `FALLBACK_PACKAGES` (`og/assets/fonts.ts`), the WOFF file of every
 *   unicode-range subset at weight 700 (400 where the package has no 700),
 *   into `static/fonts/noto/`, with `fallbacks.json` naming each file's
 *   package, version and unicode range.
 *
 * satori reads WOFF (not WOFF2). Run it again after upgrading a font:
 *
 * ```sh
 * deno run -A scripts/copy_fonts.ts                      # from ./node_modules
 * deno run -A scripts/copy_fonts.ts /tmp/fonts/node_modules
 * ```
 *
 * The Noto packages need not stay in `package.json`: install them in a
 * scratch folder (`npm install --prefix /tmp/fonts @fontsource/noto-sans@5.3.0
 * @fontsource/noto-sans-jp@5.3.0 ...`) and pass its `node_modules`.
 *
 * @module
 */

import { copyFile, mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  DEFAULT_FONT_FILES,
  FALLBACK_FONT_DIR,
  FALLBACK_MANIFEST,
  FALLBACK_PACKAGES,
  type FallbackManifest,
  type ManifestFont,
} from "../og/assets/fonts.ts";
import { ROOT_DIR, STATIC_DIR } from "../server/paths.ts";

async function json(path: string) {
  return JSON.parse(await readFile(path, "utf8"));
}

/** Copies one fontsource package's subset files at the weight the cards use. */
async function copyFallback(modules: string, id: string): Promise<ManifestFont> {
  const dir = join(modules, "@fontsource", id);
  const metadata = await json(join(dir, "metadata.json")) as { id: string; family: string; weights: number[] };
  const version = (await json(join(dir, "package.json"))).version as string;
  const unicode = await json(join(dir, "unicode.json")) as Record<string, string>;
  const weight = metadata.weights.includes(700) ? 700 : 400;
  if (!metadata.weights.includes(weight)) throw new Error(`Cannot use @fontsource/${id}: no weight 700 or 400`);
  const subsets = [];
  for (const [key, unicodeRange] of Object.entries(unicode)) {
    const file = `${metadata.id}-${key.replace(/^\[(.*)\]$/, "$1")}-${weight}-normal.woff`;
    await copyFile(join(dir, "files", file), join(FALLBACK_FONT_DIR, file));
    subsets.push({ key, unicodeRange, file });
  }
  return { source: `@fontsource/${id} ${version}`, family: metadata.family, weight, subsets };
}

if (import.meta.main) {
  const modules = Deno.args[0] ?? `${ROOT_DIR}node_modules/`;
  const target = `${STATIC_DIR}/fonts/`;
  await mkdir(target, { recursive: true });
  for (const file of DEFAULT_FONT_FILES) {
    await copyFile(join(modules, "@fontsource/inter/files", file), target + file);
  }
  console.log(`static/fonts/: ${DEFAULT_FONT_FILES.length} files of @fontsource/inter`);
  await rm(FALLBACK_FONT_DIR, { recursive: true, force: true });
  await mkdir(FALLBACK_FONT_DIR, { recursive: true });
  const fonts: Record<string, ManifestFont> = {};
  for (const id of [...new Set(Object.values(FALLBACK_PACKAGES))].sort()) {
    fonts[id] = await copyFallback(modules, id);
    console.log(`static/fonts/noto/: ${fonts[id].subsets.length} files of ${fonts[id].source}`);
  }
  const manifest: FallbackManifest = {
    note: "Fallback fonts of the share images (SIL OFL 1.1), copied from the packages named by scripts/copy_fonts.ts",
    fonts,
  };
  await writeFile(join(FALLBACK_FONT_DIR, FALLBACK_MANIFEST), JSON.stringify(manifest, null, 2) + "\n");
}
