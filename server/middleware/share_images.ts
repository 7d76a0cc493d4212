/**
 * `GET /api/image/tokens/{network}/{address}`,
 * `GET /api/image/pools/{network}/{address}`,
 * `GET /api/image/positions/{version}/{network}/{id}`,
 * `GET /api/image/nfts/asset/{contract}/{id}` and
 * `GET /api/image/nfts/collection/{contract}` (NFTs are on Ethereum): the share images
 * (`og/`, through the port `server/previews/share_images.ts`). The method and
 * the shape of network and address are for the images to judge (405 and 404
 * texts); they answer `HEAD` themselves.
 *
 * @module
 */
import type { ImageTarget } from "../previews/share_images.ts";
import type { Middleware } from "./compose.ts";

/** Kind of card by the path segment after `/api/image/`, and how many segments follow it. */
const IMAGE_KINDS: Readonly<Record<string, { kind: ImageTarget["kind"]; segments: number }>> = {
  tokens: { kind: "token", segments: 2 },
  pools: { kind: "pool", segments: 2 },
  positions: { kind: "position", segments: 3 },
};

const PREFIX = "/api/image/";

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? "");
  } catch {
    // Left encoded: og/ refuses it as a malformed network or address (404).
    return segment ?? "";
  }
}

/**
 * Matches a share image path; `null` for any other path. Split by hand, not
 * with `URLPattern` (about 5 us a match, a fifth of a cache hit); each segment
 * must be non-empty, as `:name` groups require.
 */
export function matchImageRoute(pathname: string): ImageTarget | null {
  if (!pathname.startsWith(PREFIX)) return null;
  const parts = pathname.slice(PREFIX.length).split("/");
  if (parts[0] === "nfts") return matchNftRoute(parts);
  const route = Object.hasOwn(IMAGE_KINDS, parts[0]) ? IMAGE_KINDS[parts[0]] : null;
  if (!route || parts.length !== route.segments + 1 || parts.some((part) => part === "")) return null;
  if (route.segments === 2) {
    return { kind: route.kind, chainName: decodeSegment(parts[1]), address: decodeSegment(parts[2]) };
  }
  return {
    kind: route.kind,
    version: decodeSegment(parts[1]),
    chainName: decodeSegment(parts[2]),
    address: decodeSegment(parts[3]),
  };
}

/** `nfts/asset/{contract}/{id}` and `nfts/collection/{contract}` (split at `/`), or `null`. */
function matchNftRoute(parts: readonly string[]): ImageTarget | null {
  if (parts.some((part) => part === "")) return null;
  if (parts[1] === "asset" && parts.length === 4) {
    return { kind: "nft_asset", chainName: "ethereum", address: decodeSegment(parts[2]), id: decodeSegment(parts[3]) };
  }
  if (parts[1] === "collection" && parts.length === 3) {
    return { kind: "nft_collection", chainName: "ethereum", address: decodeSegment(parts[2]) };
  }
  return null;
}

/** Answers share image paths with `images`. */
export function shareImages(images: (request: Request, target: ImageTarget) => Promise<Response>): Middleware {
  return (ctx) => {
    const target = matchImageRoute(ctx.url.pathname);
    return target ? images(ctx.request, target) : ctx.next();
  };
}
