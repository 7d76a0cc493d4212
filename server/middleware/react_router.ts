/**
 * The pages: the React Router app (server-side rendering), last in the list.
 * {@linkcode crawlerDocuments} comes just before it: a crawler's `GET` of a
 * whitelisted page (`lib/crawler_view.ts`) gets the head-first document of
 * `server/previews/crawler.ts`, from the same app without its page loaders.
 *
 * @module
 */
import { isCrawlerView } from "../../lib/crawler_view.ts";
import type { Middleware } from "./compose.ts";

/** A page render: the request to a streamed document. */
export type PageHandler = (request: Request) => Promise<Response>;

/** Crawler views of whitelisted pages get `crawler`'s documents. */
export function crawlerDocuments(crawler: PageHandler): Middleware {
  return (ctx) => isCrawlerView(ctx.request, ctx.url.pathname) ? crawler(ctx.request) : ctx.next();
}

/** Every request that reaches it is a page of the app (an unmatched path is its `404` page). */
export function reactRouter(app: PageHandler): Middleware {
  return (ctx) => app(ctx.request);
}
