/**
 * `/rpc` and `/rpc/{chain}`: the wallet's JSON-RPC proxy
 * (`server/proxies/rpc_proxy.ts`). The proxy may still be starting (the demo
 * chain deploys in the background so the service listens at once): only
 * `/rpc` waits for it.
 *
 * @module
 */
import type { Context, Middleware } from "./compose.ts";

/** The proxy, or a promise of it; it answers `null` for paths that are not its own. */
export type RpcHandler = (request: Request) => Promise<Response | null>;

/** Hands `/rpc` paths to the proxy once it is ready. */
export function rpc(proxy: RpcHandler | Promise<RpcHandler>): Middleware {
  const answer = async (ctx: Context) => await (await proxy)(ctx.request) ?? await ctx.next();
  // Other paths pass on without a promise of this step's own.
  return (ctx) => {
    const { pathname } = ctx.url;
    return pathname === "/rpc" || pathname.startsWith("/rpc/") ? answer(ctx) : ctx.next();
  };
}
