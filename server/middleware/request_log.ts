/**
 * One log line per request (`server/log.ts`: method, path, status, ms), and
 * the last word on failures: a middleware that throws is answered with a
 * plain `500` whose body carries nothing internal; the error goes to the log.
 *
 * @module
 */
import { errorText, logger, logRequest } from "../log.ts";
import type { Middleware } from "./compose.ts";

/** The body of every unexpected failure. */
export function internalError(): Response {
  return new Response("Internal Server Error", {
    status: 500,
    headers: { "content-type": "text/plain; charset=utf-8" },
  });
}

/** Outermost: logs every request and turns a throw into a `500`. */
export function requestLog(): Middleware {
  return async (ctx) => {
    const started = performance.now();
    let status = 500;
    try {
      const response = await ctx.next();
      status = response.status;
      return response;
    } catch (error) {
      logger.error("Request failed", { error: errorText(error) });
      return internalError();
    } finally {
      const ms = Math.round((performance.now() - started) * 10) / 10;
      logRequest({ method: ctx.request.method, path: ctx.url.pathname, status, ms });
    }
  };
}
