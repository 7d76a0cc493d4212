/**
 * The middleware model of the service, in the manner of Fresh's: each
 * middleware is one function in its own file that either answers a request
 * or hands it on with `ctx.next()`, possibly with a rebuilt request, and may
 * change the answer on its way back. `server.ts` lists them, in order, in one
 * place; {@linkcode compose} turns the list into the request handler.
 *
 * @module
 */

/** What a middleware sees of one request. */
export interface Context {
  /** The request as the middlewares before this one left it. */
  readonly request: Request;
  /** `request.url`, parsed once. */
  readonly url: URL;
  /** Hands the request (or a rebuilt one) to the next middleware and resolves with its answer. */
  next(request?: Request): Promise<Response>;
}

/** One step of the service: answers, or calls `ctx.next()`. */
export type Middleware = (ctx: Context) => Promise<Response>;

function notFound(): Promise<Response> {
  return Promise.resolve(
    new Response("Not Found", { status: 404, headers: { "content-type": "text/plain; charset=utf-8" } }),
  );
}

/**
 * One request handler from an ordered list of middlewares. `null` entries
 * (a part this configuration does not have) are left out. A request that
 * no middleware answers is a plain `404`.
 */
export function compose(list: readonly (Middleware | null)[]): (request: Request) => Promise<Response> {
  const steps = list.filter((step): step is Middleware => step !== null);
  function run(index: number, request: Request, url: URL): Promise<Response> {
    const step = steps[index];
    if (!step) return notFound();
    return step({
      request,
      url,
      next: (next?: Request) =>
        next === undefined || next === request ? run(index + 1, request, url) : run(index + 1, next, new URL(next.url)),
    });
  }
  return (request) => {
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return Promise.resolve(
        new Response("Bad Request", { status: 400, headers: { "content-type": "text/plain; charset=utf-8" } }),
      );
    }
    return run(0, request, url);
  };
}
