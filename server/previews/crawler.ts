/**
 * The crawler path. A shared link is fetched again and again by crawlers (X,
 * Facebook, Slack, Discord, Telegram, LinkedIn, iMessage); they read the
 * head and nothing else. For a crawler on a whitelisted page:
 *
 * - `isCrawlerView` (`crawler_view.ts`) says so (an `isbot` User-Agent, `GET`, a path of
 *   `preview_routes.ts`). A person's browser never gets this path.
 * - The document is rendered by a {@linkcode crawlerBuild} of the app: the
 *   same routes with every route loader but the root's removed, so only the
 *   root loader runs, computes the preview (the cached token/pool preview the
 *   share image uses) and `meta()` emits exactly the tags a browser gets. The
 *   root renders a small body: title, description, share image, link.
 * - {@linkcode createCrawlerDocuments} keeps rendered documents briefly per
 *   URL and `x-blocked-paths` value; a document whose preview could not be
 *   read (`cache-control: no-store`) or that is not a 200 is never kept.
 *
 * @module
 */
import type { ServerBuild } from "react-router";
import { Lru } from "../../lib/lru.ts";
import { createSingleFlight } from "../../lib/single_flight.ts";

/**
 * The app as crawlers get it: the same build with every route loader except
 * the root's removed, so a page's own data loaders never run for a crawler.
 */
export function crawlerBuild(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  const manifest: ServerBuild["assets"]["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const entry = build.assets.routes[id];
    if (!route || id === "root" || !route.module.loader) {
      routes[id] = route;
      if (entry) manifest[id] = entry;
      continue;
    }
    const { loader: _loader, ...module } = route.module;
    routes[id] = { ...route, module };
    // Without this the render would wait for the data of a loader that is gone (a hydration fallback).
    if (entry) manifest[id] = { ...entry, hasLoader: false };
  }
  return { ...build, routes, assets: { ...build.assets, routes: manifest } };
}

/** Options of {@linkcode createCrawlerDocuments}. */
export interface CrawlerDocumentsOptions {
  /** How long a rendered document is served again, in ms; 0 keeps none. */
  readonly ttlMs: number;
  /** Largest total size of the documents kept, in bytes; default 8 MiB. */
  readonly maxBytes?: number;
  /** Clock in ms; default `Date.now`. */
  readonly now?: () => number;
}

/** Rendered crawler documents, kept briefly. */
export interface CrawlerDocuments {
  /**
   * Answers a crawler view: a kept document for the same origin, path,
   * query and `x-blocked-paths`, or the one `render` produces (kept when it
   * is a 200 HTML answer without `no-store`). Concurrent identical views share
   * one render.
   */
  serve(request: Request, render: () => Promise<Response>): Promise<Response>;
  /** Number of documents kept. */
  readonly size: number;
  /** Drops the kept documents whose URL's path `matches` (any origin, query or `x-blocked-paths`); how many. */
  deleteWhere(matches: (pathname: string) => boolean): number;
}

interface Document {
  readonly body: Uint8Array<ArrayBuffer>;
  readonly headers: readonly [string, string][];
  readonly expiresAt: number;
}

function keepable(response: Response): boolean {
  if (response.status !== 200 || response.body === null) return false;
  if (!/^text\/html/i.test(response.headers.get("content-type") ?? "")) return false;
  return !/no-store|private/i.test(response.headers.get("cache-control") ?? "");
}

function answer(document: Document): Response {
  return new Response(document.body, { status: 200, headers: document.headers as [string, string][] });
}

/** Creates the store of rendered crawler documents. */
export function createCrawlerDocuments(options: CrawlerDocumentsOptions): CrawlerDocuments {
  const { ttlMs, maxBytes = 8 * 1024 * 1024, now = Date.now } = options;
  const documents = new Lru<Document>({ maxBytes });
  const flight = createSingleFlight<Document | null>();

  /** A kept document is answered without an async function of its own (the hot path); the rest renders. */
  function serve(request: Request, render: () => Promise<Response>): Promise<Response> {
    if (ttlMs <= 0 || request.method !== "GET") return renderOnce(render);
    const key = `${request.url}\n${request.headers.get("x-blocked-paths") ?? ""}`;
    const kept = documents.get(key);
    if (kept !== undefined && kept.expiresAt > now()) return Promise.resolve(answer(kept));
    return renderAndKeep(key, render);
  }

  async function renderOnce(render: () => Promise<Response>): Promise<Response> {
    return await render();
  }

  async function renderAndKeep(key: string, render: () => Promise<Response>): Promise<Response> {
    let own: Response | null = null;
    const document = await flight(key, async () => {
      const response = await render();
      if (!keepable(response)) {
        own = response;
        return null;
      }
      const body = new Uint8Array(await response.arrayBuffer());
      const fresh: Document = { body, headers: [...response.headers], expiresAt: now() + ttlMs };
      documents.set(key, fresh, body.byteLength + key.length * 2 + 256);
      return fresh;
    });
    if (document !== null) return answer(document);
    // The render that was not kept answers its own request; those that waited on it render their own.
    return own ?? await render();
  }

  return {
    serve,
    get size() {
      return documents.size;
    },
    deleteWhere(matches) {
      let dropped = 0;
      for (const key of [...documents.keys()]) {
        if (matches(new URL(key.slice(0, key.indexOf("\n"))).pathname) && documents.delete(key)) dropped++;
      }
      return dropped;
    },
  };
}
