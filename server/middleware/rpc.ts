/**
 * `/rpc` and `/rpc/{chain}`: the wallet's JSON-RPC proxy
 * (`server/proxies/rpc_proxy.ts`). The proxy may still be starting (the demo
 * chain deploys in the background so the service listens at once): only
 * `/rpc` waits for it.
 *
 * @module
 */
import type { Middleware } from "./compose.ts";

/** The proxy, or a promise of it; it answers `null` for paths that are not its own. */
export type RpcHandler = (request: Request) => Promise<Response | null>;

/** Hands `/rpc` paths to the proxy once it is ready. */
export function rpc(proxy: RpcHandler | Promise<RpcHandler>): Middleware {
  return async (ctx) => {
    const { pathname } = ctx.url;
    if (pathname === "/rpc" || pathname.startsWith("/rpc/")) {
      const answer = await (await proxy)(ctx.request);
      if (answer) return answer;
    }
    return await ctx.next();
  };
}
