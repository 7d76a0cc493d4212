/**
 * `HEAD` answered as `GET` would be, minus the body. Deno itself sends no
 * body for `HEAD` and keeps the headers, deriving `content-length` from the
 * body when none is set (a byte body: its length; a stream: none, as for the
 * chunked GET), so the GET answer can go out as it is. Only a streamed body is
 * cancelled here, so a document render does not run on for nobody.
 *
 * @module
 */
import type { Middleware } from "./compose.ts";

/** The `HEAD` answer for a `GET` answer: same status and headers, no body. */
export function headOf(response: Response): Response {
  if (response.headers.has("content-length")) {
    // Known length: a null body keeps the header as set.
    response.body?.cancel().catch(() => {});
    return new Response(null, { status: response.status, statusText: response.statusText, headers: response.headers });
  }
  return response;
}

/** Outermost of the answer's decorations: a `HEAD` request gets its answer without the body. */
export function headWithoutBody(): Middleware {
  // A GET passes through without a promise of this step's own.
  return (ctx) => ctx.request.method === "HEAD" ? ctx.next().then(headOf) : ctx.next();
}

/**
 * Pages (the React Router app and the crawler documents) answer `HEAD` as
 * `GET`: same loaders, status and headers. Placed before them in the list.
 */
export function pagesAsGet(): Middleware {
  return (ctx) =>
    ctx.request.method === "HEAD"
      ? ctx.next(
        new Request(ctx.request.url, { method: "GET", headers: ctx.request.headers, signal: ctx.request.signal }),
      )
      : ctx.next();
}
