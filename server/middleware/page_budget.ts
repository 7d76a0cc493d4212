/**
 * Page renders per client (`serv../http/render_budget.ts`), just before the React Router app: a few of one
 * client's pages render at once, a few more wait, and beyond them, or beyond its rate, the client gets `429` with
 * `Retry-After`, so one address flooding uncached pages cannot take the page workers from everyone else (issue 31).
 * A document or a data stream (`text/html`, React Router's `text/x-script`) counts until its streamed body is read
 * to its end or cancelled; another answer (a resource route's byte body, whose length is kept) until it is ready.
 * Crawler documents come before it and are not counted (head-first, from the cached preview); files and images
 * neither.
 *
 * @module
 */
import { logger } from "../log.ts";
import { createRenderBudget, type RenderBudgetOptions } from "../http/render_budget.ts";
import type { Middleware } from "./compose.ts";

/** `body`, calling `done` once when it was read to its end, failed or was cancelled. */
function releasing(body: ReadableStream<Uint8Array>, done: () => void): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  return new ReadableStream({
    async pull(controller) {
      try {
        const { value, done: end } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
}

/** Answers rendered while they stream: documents and React Router's data requests. */
const STREAMED = /^text\/(html|x-script)\b/i;

/** Refusals are logged once a minute per client at most. */
const LOG_EVERY_MS = 60_000;

/**
 * The page budget; `clientOf` names a request's client (its address). Give it the service's `activity`
 * (`clientActivity`, first in the list) so that clients served without a render, from the shared copy of a page,
 * count as others too.
 */
export function pageBudget(clientOf: (request: Request) => string, options: RenderBudgetOptions = {}): Middleware {
  const budget = createRenderBudget(options);
  const logged = new Map<string, number>();
  return async (ctx) => {
    const client = clientOf(ctx.request);
    const entry = await budget.enter(client, ctx.request.signal);
    if (!entry.ok) {
      const now = Date.now();
      if ((logged.get(client) ?? 0) < now && entry.reason !== "gone") {
        if (logged.size > 1_000) logged.clear();
        logged.set(client, now + LOG_EVERY_MS);
        logger.warn("Pages refused: a client's budget of page renders is spent", {
          client,
          reason: entry.reason,
          budget: budget.stats(),
        });
      }
      return new Response("Too many pages at once; try again shortly.", {
        status: 429,
        headers: { "content-type": "text/plain; charset=utf-8", "retry-after": String(entry.retryAfterSeconds) },
      });
    }
    let response: Response;
    try {
      response = await ctx.next();
    } catch (error) {
      entry.release();
      throw error;
    }
    // The type first: reading `body` would turn a byte body into a stream (and lose its length on the wire).
    if (!STREAMED.test(response.headers.get("content-type") ?? "") || response.body === null) {
      entry.release();
      return response;
    }
    return new Response(releasing(response.body, entry.release), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
