/**
 * Copies the default font (Inter 700, static instances, WOFF) from
 * `node_modules/@fontsource/inter` into `static/fonts/`. The copies are
 * committed; run this again after upgrading `@fontsource/inter`:
 *
 * ```sh
 * deno run -A og/copy_fonts.ts
 * ```
 *
 * @module
 */

import { copyFile, mkdir } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { DEFAULT_FONT_FILES } from "./fonts.ts";
import { packageFile } from "./paths.ts";

if (import.meta.main) {
  const target = fileURLToPath(new URL("../static/fonts/", import.meta.url));
  await mkdir(target, { recursive: true });
  for (const file of DEFAULT_FONT_FILES) {
    await copyFile(packageFile("@fontsource/inter", `files/${file}`), target + file);
    console.log(`static/fonts/${file}`);
  }
}
