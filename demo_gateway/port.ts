/**
 * The demo gateway as the service's {@linkcode GatewayPort}: started on a
 * free loopback port, its logo URLs root-relative (`/logos/...`) so the
 * browser asks the service's own origin and never sees the loopback
 * address; the service relays `/logos/*` here, and the cards fetch the logos
 * from the gateway itself (made absolute on its origin, which the logo guard
 * is told to allow). Only `server.ts` imports this module.
 *
 * @module
 */
import type { PreviewSource } from "../lib/preview_types.ts";
import { errorText, logger } from "../server/log.ts";
import type { Middleware } from "../server/middleware/compose.ts";
import type { GatewayPort } from "../server/ports.ts";
import { startDemoGateway } from "./mod.ts";

/** Previews whose root-relative logo URLs (the demo gateway's) are made absolute on `origin`, for the cards. */
export function withLogoOrigin(source: PreviewSource, origin: string): PreviewSource {
  const absolute = (url: string | null) => url !== null && /^\/(?!\/)/.test(url) ? `${origin}${url}` : url;
  return {
    ...source,
    async token(chainName, address, requestOrigin) {
      const preview = await source.token(chainName, address, requestOrigin);
      return preview && { ...preview, logoUrl: absolute(preview.logoUrl) };
    },
    async pool(chainName, address, requestOrigin) {
      const preview = await source.pool(chainName, address, requestOrigin);
      return preview && {
        ...preview,
        poolData: {
          ...preview.poolData,
          token0Image: absolute(preview.poolData.token0Image),
          token1Image: absolute(preview.poolData.token1Image),
        },
      };
    },
    position: source.position && (async (version, chainName, id, requestOrigin) => {
      const preview = await source.position!(version, chainName, id, requestOrigin);
      return preview && {
        ...preview,
        positionData: {
          ...preview.positionData,
          token0Image: absolute(preview.positionData.token0Image),
          token1Image: absolute(preview.positionData.token1Image),
        },
      };
    }),
  };
}

/** Relays `GET /logos/...` to the demo gateway at `origin`. */
export function demoLogos(origin: string): Middleware {
  return async (ctx) => {
    const { request, url } = ctx;
    if ((request.method !== "GET" && request.method !== "HEAD") || !url.pathname.startsWith("/logos/")) {
      return await ctx.next();
    }
    try {
      const upstream = await fetch(`${origin}${url.pathname}`, { signal: AbortSignal.timeout(5_000) });
      const headers = new Headers({ "cache-control": "public, max-age=86400" });
      const type = upstream.headers.get("content-type");
      if (type) headers.set("content-type", type);
      if (!upstream.ok) {
        await upstream.body?.cancel();
        return new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } });
      }
      return new Response(upstream.body, { status: 200, headers });
    } catch (error) {
      logger.warn("Cannot relay a demo logo", { path: url.pathname, error: errorText(error) });
      return new Response("Bad Gateway", { status: 502, headers: { "content-type": "text/plain; charset=utf-8" } });
    }
  };
}

/** Starts the demo gateway on a free loopback port, as a gateway port. */
export async function startDemoGatewayPort(): Promise<GatewayPort> {
  const demo = await startDemoGateway({ hostname: "127.0.0.1", port: 0, logoOrigin: "" });
  return {
    url: demo.url,
    wsUrl: demo.wsUrl,
    logoHosts: [new URL(demo.origin).host],
    cardPreviews: (previews) => withLogoOrigin(previews, demo.origin),
    middlewares: [demoLogos(demo.origin)],
    close: () => demo.close(),
  };
}
