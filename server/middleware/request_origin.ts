/**
 * The request as the rest of the service should see it: its URL on the
 * resolved origin (`server/http/origin.ts`: `PUBLIC_ORIGIN`, `X-Forwarded-*`
 * under `TRUST_PROXY`, or the validated `Host`) with the path it asked for
 * (an absolute-form target contributes its path only). A `Host` that is not
 * a valid `host[:port]` is a `400`, never a path.
 *
 * @module
 */
import { type OriginOptions, resolveOrigin } from "../http/origin.ts";
import type { Middleware } from "./compose.ts";

/** Rebuilds the request on its origin, or answers `400 Bad Request`. */
export function requestOrigin(options: OriginOptions): Middleware {
  return (ctx) => {
    const resolved = resolveOrigin(ctx.request, options, ctx.url);
    if (!resolved.ok) {
      return Promise.resolve(
        new Response("Bad Request", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } }),
      );
    }
    const { url, request } = ctx;
    const href = `${resolved.origin}${url.pathname}${url.search}`;
    // The original is kept when nothing changes, and for WebSocket upgrades (Deno.upgradeWebSocket needs it).
    if (href === url.href || request.headers.has("upgrade")) return ctx.next();
    return ctx.next(new Request(href, request));
  };
}
