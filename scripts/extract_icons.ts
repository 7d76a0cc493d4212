/**
 * Extracts the chain and product icons the cards draw from the
 * `@iconify-json/token-branded` package (Web3 Icons, MIT; 11 MB of JSON)
 * into the small committed `og/assets/brand_icons.json`, so the service never reads
 * the whole set at run time. Run it again after upgrading the package or
 * changing the icon list in `chain_logos.ts`:
 *
 * ```sh
 * deno task gen:icons
 * ```
 *
 * (With the package no longer in `package.json`, install it in a scratch
 * folder first, `npm install --prefix /tmp/icons @iconify-json/token-branded`,
 * and pass that `node_modules` folder: `deno task gen:icons /tmp/icons/node_modules`.)
 *
 * @module
 */

import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { CHAIN_ICONS, ICON_PACKAGE, PRODUCT_ICON } from "../og/layout/chain_logos.ts";
import { type IconSet, iconSvg } from "../og/assets/iconify.ts";

if (import.meta.main) {
  const modules = Deno.args[0] ?? fileURLToPath(new URL("../node_modules/", import.meta.url));
  const dir = join(modules, ICON_PACKAGE);
  const set = JSON.parse(await readFile(join(dir, "icons.json"), "utf8")) as IconSet;
  const version = JSON.parse(await readFile(join(dir, "package.json"), "utf8")).version as string;
  const icons: Record<string, string> = {};
  for (const name of [...Object.values(CHAIN_ICONS), PRODUCT_ICON].sort()) {
    const svg = iconSvg(set, name);
    if (!svg) throw new Error(`Cannot find icon "${name}" in ${ICON_PACKAGE} ${version}`);
    icons[name] = svg;
  }
  const out = fileURLToPath(new URL("../og/brand_icons.json", import.meta.url));
  await writeFile(
    out,
    JSON.stringify(
      { source: `${ICON_PACKAGE} ${version} (MIT), extracted by scripts/extract_icons.ts`, icons },
      null,
      2,
    ) +
      "\n",
  );
  console.log(`og/assets/brand_icons.json: ${Object.keys(icons).length} icons from ${ICON_PACKAGE} ${version}`);
}
