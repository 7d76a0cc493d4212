/**
 * Development only (`deno task dev`): Vite's own paths (modules, HMR client,
 * dependencies, the HMR WebSocket) answered by `server/dev/vite_dev.ts`.
 *
 * @module
 */
import type { Middleware } from "./compose.ts";

/** A handler that answers what is Vite's, or `null`. */
export type DevHandler = (request: Request) => Promise<Response | null>;

/** Hands Vite's paths to Vite; left out without one. */
export function viteDev(handler: DevHandler | undefined): Middleware | null {
  if (!handler) return null;
  return async (ctx) => await handler(ctx.request) ?? await ctx.next();
}
