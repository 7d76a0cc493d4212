/**
 * Methods the service serves, checked before anything reads or rebuilds the
 * request: `GET`, `HEAD`, `POST` and `OPTIONS` (the `/rpc` proxy's CORS
 * preflight), spelled exactly (methods are case-sensitive, RFC 9110 §9.1:
 * `get` is another method). Any other, such as `get`, `head`, `CONNECT` or
 * `TRACE`, answers `405 Method Not Allowed` with `Allow`; none reaches a
 * handler, where Deno's `Request` would refuse to be copied (`get` with a
 * body stream, `CONNECT`) and the failure would be a `500`. Pages take only
 * `GET` and `HEAD` (the app has no actions): `POST`, `OPTIONS` and
 * `OPTIONS *` there are a `405` too.
 *
 * @module
 */
import type { Middleware } from "./compose.ts";

/** The methods of the service, exactly as spelled. */
export const SERVED_METHODS: readonly string[] = ["GET", "HEAD", "POST", "OPTIONS"];

function notAllowed(allow: string): Promise<Response> {
  return Promise.resolve(
    new Response("Method Not Allowed", {
      status: 405,
      headers: { "content-type": "text/plain; charset=utf-8", allow },
    }),
  );
}

/** Outermost but the request log: a method the service does not serve is a `405`. */
export function servedMethods(): Middleware {
  const allow = SERVED_METHODS.join(", ");
  return (ctx) => SERVED_METHODS.includes(ctx.request.method) ? ctx.next() : notAllowed(allow);
}

/** Before the pages: only `GET` and `HEAD` (the app has no actions); `POST` and `OPTIONS` are a `405`. */
export function readOnlyPages(): Middleware {
  return (ctx) => ctx.request.method === "GET" || ctx.request.method === "HEAD" ? ctx.next() : notAllowed("GET, HEAD");
}
