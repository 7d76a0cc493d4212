/**
 * `GET /api/image/tokens/{network}/{address}`,
 * `GET /api/image/pools/{network}/{address}` and
 * `GET /api/image/positions/{version}/{network}/{id}`: the share images
 * (`og/`, through the port `server/previews/share_images.ts`). The method and
 * the shape of network and address are for the images to judge (405 and 404
 * texts); they answer `HEAD` themselves.
 *
 * @module
 */
import type { ImageTarget } from "../previews/share_images.ts";
import type { Middleware } from "./compose.ts";

const IMAGE_ROUTES = [
  { kind: "token" as const, pattern: new URLPattern({ pathname: "/api/image/tokens/:chainName/:address" }) },
  { kind: "pool" as const, pattern: new URLPattern({ pathname: "/api/image/pools/:chainName/:address" }) },
  {
    kind: "position" as const,
    pattern: new URLPattern({ pathname: "/api/image/positions/:version/:chainName/:address" }),
  },
];

function decodeSegment(segment: string | undefined): string {
  try {
    return decodeURIComponent(segment ?? "");
  } catch {
    // Left encoded: og/ refuses it as a malformed network or address (404).
    return segment ?? "";
  }
}

/** Matches a share image path; `null` for any other path. */
export function matchImageRoute(pathname: string): ImageTarget | null {
  // Every other path (pages above all) skips the pattern runs (about 9 us).
  if (!pathname.startsWith("/api/image/")) return null;
  for (const { kind, pattern } of IMAGE_ROUTES) {
    const match = pattern.exec({ pathname });
    if (match) {
      const { chainName, address, version } = match.pathname.groups;
      const target = { kind, chainName: decodeSegment(chainName), address: decodeSegment(address) };
      return version === undefined ? target : { ...target, version: decodeSegment(version) };
    }
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
