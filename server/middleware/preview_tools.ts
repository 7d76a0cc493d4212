/**
 * The tools of whoever shares links (`server/previews/`):
 * - {@linkcode previewPurge}: `POST /previews/purge` with the bearer token
 *   removes a page's preview, share images and cached reads;
 * - {@linkcode previewInspector}: `GET /preview?path=` shows how a link
 *   unfurls on each platform, fetching only this service, in process.
 * Both answer their own path only and hand every other request on.
 *
 * @module
 */
import type { OwnPathHandler } from "../parts.ts";
import type { Middleware } from "./compose.ts";

function ownPath(handler: OwnPathHandler): Middleware {
  return (ctx) => handler(ctx.request).then((answer) => answer ?? ctx.next());
}

/** `POST /previews/purge`. */
export function previewPurge(purge: OwnPathHandler): Middleware {
  return ownPath(purge);
}

/** `GET /preview?path=...`. */
export function previewInspector(inspector: OwnPathHandler): Middleware {
  return ownPath(inspector);
}
