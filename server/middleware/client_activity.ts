/**
 * Notes the client of every request (`server/http/render_budget.ts`'s {@linkcode ClientActivity}), so the page
 * budget knows whether a client is alone, also when the others are served from a cache and never reach it.
 *
 * @module
 */
import type { ClientActivity } from "../http/render_budget.ts";
import type { Middleware } from "./compose.ts";

/** Outermost but the request log: notes who asks, then hands on. */
export function clientActivity(activity: ClientActivity, clientOf: (request: Request) => string): Middleware {
  return (ctx) => {
    activity.note(clientOf(ctx.request));
    return ctx.next();
  };
}
