/**
 * Whether a request is a crawler's view of a whitelisted page: the one test
 * the server (which answers it with the crawler document) and the app's root
 * (which then renders the small crawler body) share.
 *
 * @module
 */
import { isbot } from "isbot";
import { matchPreviewRoute } from "./preview_routes.ts";

/** Whether a User-Agent is a crawler's (`isbot`); an empty or missing one is not. */
export function isCrawler(userAgent: string | null): boolean {
  return userAgent !== null && userAgent !== "" && isbot(userAgent);
}

/** Whether a request gets the crawler document: a crawler's `GET` of a whitelisted page (`pathname`: its path, when already parsed). */
export function isCrawlerView(request: Request, pathname?: string): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  if (!isCrawler(request.headers.get("user-agent"))) return false;
  return matchPreviewRoute(pathname ?? new URL(request.url).pathname) !== null;
}
