/**
 * The images the demo gateway serves under `/logos/`: icon-package logos
 * (PNG and SVG), generated token logos, the edge-case logos of
 * `fixtures.ts`, NFT art and provider icons.
 *
 * @module
 */
import { FIXTURE_TOKENS } from "./fixtures.ts";
import { hueColor, type ImageFile, jpegLogo, pngLogo, type Rgb, webpSolid } from "./image_encoders.ts";
import { readIcon } from "./icons.ts";

const EDGE_FILES = new Map<string, () => ImageFile>();
for (const token of FIXTURE_TOKENS) {
  const { logoPath, logoType, logoColor } = token;
  if (!logoPath || !logoType || !logoColor) continue;
  const color: Rgb = logoColor;
  EDGE_FILES.set(
    logoPath,
    logoType === "image/jpeg"
      ? () => jpegLogo(64, color)
      : logoType === "image/webp"
      ? () => webpSolid(64, 64, color)
      : () => pngLogo(64, color),
  );
}

const cache = new Map<string, ImageFile>();

/** Path of the art of an NFT (`/logos/nft/{slug}/{tokenId}.png`). */
export function nftImagePath(slug: string, tokenId: string): string {
  return `/logos/nft/${slug}/${tokenId}.png`;
}

/**
 * The image at a `/logos/...` path, or `undefined` when there is none.
 * Generated images are made once and cached.
 */
export async function readLogo(path: string): Promise<ImageFile | undefined> {
  const cached = cache.get(path);
  if (cached) return cached;
  const file = await makeLogo(path);
  if (file) cache.set(path, file);
  return file;
}

async function makeLogo(path: string): Promise<ImageFile | undefined> {
  const edge = EDGE_FILES.get(path);
  if (edge) return edge();
  let m = path.match(/^\/logos\/cc\/(svg|png)\/([a-z0-9$]+)\.(svg|png)$/);
  if (m && m[1] === m[3]) return await readIcon(m[1] as "svg" | "png", m[2]);
  m = path.match(/^\/logos\/gen\/([0-9a-f]{1,8})\.png$/);
  if (m) {
    const n = parseInt(m[1], 16);
    return pngLogo(64, hueColor(n % 360), {
      ring: hueColor((n >>> 9) % 360, 0.7, 0.85),
    });
  }
  m = path.match(/^\/logos\/nft\/([a-z0-9-]+)\/([0-9]{1,6}|collection|banner)\.png$/);
  if (m) {
    const n = m[2] === "collection" || m[2] === "banner" ? m[1].length * 37 : Number(m[2]) * 47 + m[1].length * 13;
    return pngLogo(m[2] === "banner" ? 96 : 128, hueColor(n % 360, 0.55, 0.6), {
      square: true,
      ring: hueColor((n + 180) % 360, 0.65, 0.45),
    });
  }
  m = path.match(/^\/logos\/app\/([a-z0-9-]+)\.png$/);
  if (m) {
    const n = [...m[1]].reduce((a, c) => a + c.charCodeAt(0), 0);
    return pngLogo(48, hueColor((n * 7) % 360, 0.7, 0.45), {
      ring: [255, 255, 255],
    });
  }
  return undefined;
}
