/**
 * Token logos from the `cryptocurrency-icons` npm package (a PNG and an SVG
 * per symbol), read from `node_modules` on demand.
 *
 * @module
 */
import manifest from "cryptocurrency-icons/manifest.json" with { type: "json" };
import type { ImageFile } from "./images.ts";

/** Lower-case symbols the icon package has a logo for. */
export const ICON_SYMBOLS: ReadonlySet<string> = new Set(
  (manifest as { symbol: string }[]).map((e) => e.symbol.toLowerCase()),
);

/**
 * The icon package's logo of a symbol: `svg` (vector) or `png` (128x128), or
 * `undefined` when it has none.
 */
export async function readIcon(
  kind: "svg" | "png",
  symbol: string,
): Promise<ImageFile | undefined> {
  const lower = symbol.toLowerCase();
  if (!ICON_SYMBOLS.has(lower)) return undefined;
  const path = kind === "svg"
    ? `cryptocurrency-icons/svg/color/${lower}.svg`
    : `cryptocurrency-icons/128/color/${lower}.png`;
  try {
    const bytes = await Deno.readFile(new URL(import.meta.resolve(path)));
    return {
      bytes,
      contentType: kind === "svg" ? "image/svg+xml" : "image/png",
    };
  } catch {
    return undefined;
  }
}
