/**
 * Renders the site icons from `static/favicon.svg` with the project's own
 * renderer (resvg, `og/raster/resvg.ts`) and writes them to `static/`:
 * `deno run -A scripts/make_icons.ts`. The files are committed; rerun this
 * after changing the favicon.
 *
 * - `favicon.ico`: 16, 32 and 48 px (PNG entries, which every current
 *   browser reads);
 * - `favicon-32x32.png`;
 * - `apple-touch-icon.png`: 180 px, square and opaque (iOS rounds the corners
 *   itself and shows transparency as black);
 * - `icon-192.png` and `icon-512.png` for `site.webmanifest`, and
 *   `icon-maskable-512.png` (full bleed, the mark inside the safe zone).
 *
 * @module
 */
import { encodeRgbaPng } from "../og/raster/png.ts";
import { rasterizeSvg } from "../og/raster/resvg.ts";
import { ROOT_DIR } from "../server/paths.ts";

/** One icon file: its name in `static/`, its size and which drawing. */
export interface IconSpec {
  readonly file: string;
  readonly size: number;
  /** `rounded`: the favicon as drawn; `square`: no rounded corners; `maskable`: square with the mark scaled into the safe zone. */
  readonly shape: "rounded" | "square" | "maskable";
}

/** Every PNG icon written to `static/` (the ICO is made from {@linkcode ICO_SIZES}). */
export const ICONS: readonly IconSpec[] = [
  { file: "favicon-32x32.png", size: 32, shape: "rounded" },
  { file: "apple-touch-icon.png", size: 180, shape: "square" },
  { file: "icon-192.png", size: 192, shape: "rounded" },
  { file: "icon-512.png", size: 512, shape: "rounded" },
  { file: "icon-maskable-512.png", size: 512, shape: "maskable" },
];

/** Sizes inside `favicon.ico`. */
export const ICO_SIZES: readonly number[] = [16, 32, 48];

/** The favicon SVG redrawn for a shape (the source is a 32x32 viewBox with `rx="8"`). */
export function iconSvg(source: string, shape: IconSpec["shape"]): string {
  if (shape === "rounded") return source;
  const square = source.replace(/\s+rx="[^"]*"/, "");
  if (shape === "square") return square;
  // Maskable: the mark shrinks to 70% about the centre, inside the 80% safe zone.
  return square.replace(/<path /, '<path transform="translate(4.8 4.8) scale(0.7)" ');
}

/** resvg's pixels are premultiplied; PNG stores straight alpha. */
function unpremultiply(pixels: Uint8Array): Uint8Array {
  const out = new Uint8Array(pixels.length);
  for (let i = 0; i < pixels.length; i += 4) {
    const a = pixels[i + 3];
    out[i + 3] = a;
    if (a === 0) continue;
    for (let c = 0; c < 3; c++) out[i + c] = Math.min(255, Math.round((pixels[i + c] * 255) / a));
  }
  return out;
}

/** Draws `svg` as a `size` x `size` PNG. */
export async function renderIcon(svg: string, size: number): Promise<Uint8Array> {
  const image = await rasterizeSvg(svg, size);
  if (image.width !== size || image.height !== size) {
    throw new Error(`Cannot draw icon at ${size} px: resvg drew ${image.width}x${image.height}`);
  }
  return encodeRgbaPng(unpremultiply(image.pixels), size, size, { level: 9 });
}

/** An ICO file whose entries are PNGs, one per size (each under 256 px). */
export function icoFromPngs(entries: readonly { size: number; png: Uint8Array }[]): Uint8Array {
  const headerSize = 6 + 16 * entries.length;
  const total = headerSize + entries.reduce((sum, e) => sum + e.png.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type: icon
  view.setUint16(4, entries.length, true);
  let offset = headerSize;
  entries.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    out[at] = size >= 256 ? 0 : size;
    out[at + 1] = size >= 256 ? 0 : size;
    view.setUint16(at + 4, 1, true); // colour planes
    view.setUint16(at + 6, 32, true); // bits per pixel
    view.setUint32(at + 8, png.length, true);
    view.setUint32(at + 12, offset, true);
    out.set(png, offset);
    offset += png.length;
  });
  return out;
}

/** Renders every icon from `static/favicon.svg` into `static/`; returns the files written. */
export async function makeIcons(staticDir = `${ROOT_DIR}static`): Promise<string[]> {
  const source = await Deno.readTextFile(`${staticDir}/favicon.svg`);
  const written: string[] = [];
  for (const icon of ICONS) {
    const target = `${staticDir}/${icon.file}`;
    await Deno.writeFile(target, await renderIcon(iconSvg(source, icon.shape), icon.size));
    written.push(target);
  }
  const entries = [];
  for (const size of ICO_SIZES) entries.push({ size, png: await renderIcon(source, size) });
  await Deno.writeFile(`${staticDir}/favicon.ico`, icoFromPngs(entries));
  written.push(`${staticDir}/favicon.ico`);
  return written;
}

if (import.meta.main) {
  for (const file of await makeIcons()) console.log(`wrote ${file}`);
}
