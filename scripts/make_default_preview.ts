/**
 * Renders the default link-preview image (the card of every page without a
 * token or pool preview) from `og/default_card.tsx` into
 * `static/images/preview.png`: `deno run -A scripts/make_default_preview.ts`.
 * The PNG is committed; rerun this after changing the default card.
 *
 * @module
 */
import { createDefaultFontLoader } from "../og/fonts.ts";
import { renderDefaultImage } from "../og/images.tsx";
import { fromFileUrl } from "./paths.ts";

const root = fromFileUrl(new URL("../", import.meta.url));

/** Renders the default card and writes it to `static/images/preview.png`. */
export async function makeDefaultPreview(): Promise<string> {
  const fonts = createDefaultFontLoader(`${root}static`);
  const png = await renderDefaultImage({ fonts });
  const target = `${root}static/images/preview.png`;
  await Deno.mkdir(`${root}static/images`, { recursive: true });
  await Deno.writeFile(target, png);
  return target;
}

if (import.meta.main) console.log(`wrote ${await makeDefaultPreview()}`);
