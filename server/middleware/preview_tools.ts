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
import { INSPECTOR_PATH } from "../previews/inspector.ts";
import { PURGE_PATH } from "../previews/purge.ts";
import type { Middleware } from "./compose.ts";

/** Hands `path` to `handler`; every other request goes on at once (no second parse of its URL, no await). */
function ownPath(path: string, handler: OwnPathHandler): Middleware {
  return (ctx) => ctx.url.pathname === path ? handler(ctx.request).then((answer) => answer ?? ctx.next()) : ctx.next();
}

/** `POST /previews/purge`. */
export function previewPurge(purge: OwnPathHandler): Middleware {
  return ownPath(PURGE_PATH, purge);
}

/** `GET /preview?path=...`. */
export function previewInspector(inspector: OwnPathHandler): Middleware {
  return ownPath(INSPECTOR_PATH, inspector);
}
