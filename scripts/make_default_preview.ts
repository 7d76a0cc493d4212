/**
 * Renders the default link-preview image (the card of every page without a
 * token or pool preview) from `og/layout/default_card.tsx` into
 * `static/images/preview.png`: `deno run -A scripts/make_default_preview.ts`.
 * The PNG is committed; rerun this after changing the default card.
 *
 * @module
 */
import { createDefaultFontLoader } from "../og/assets/fonts.ts";
import { renderDefaultImage } from "../og/job/images.tsx";
import { ROOT_DIR } from "../server/paths.ts";

/** Renders the default card and writes it to `static/images/preview.png`. */
export async function makeDefaultPreview(): Promise<string> {
  const fonts = createDefaultFontLoader(`${ROOT_DIR}static`);
  const png = await renderDefaultImage({ fonts });
  const target = `${ROOT_DIR}static/images/preview.png`;
  await Deno.mkdir(`${ROOT_DIR}static/images`, { recursive: true });
  await Deno.writeFile(target, png);
  return target;
}

if (import.meta.main) console.log(`wrote ${await makeDefaultPreview()}`);
