/**
 * The document and shared layout of every page: header with navigation,
 * the page, and the footer. The root `ErrorBoundary` renders 404 and 500
 * pages in the same frame, without preview tags or stack traces.
 *
 * A crawler on a whitelisted page (`server/previews/crawler.ts`) gets the same head and
 * a small body instead: the preview's title, description, share image and a
 * link to the page, without scripts. Its route loaders do not run.
 */
import type { HeadersFunction, LinksFunction, LoaderFunctionArgs, MetaDescriptor } from "react-router";
import {
  data,
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "react-router";
import { type ReactNode, useEffect } from "react";
import { SiteFooter, SiteHeader } from "./components/layout.tsx";
import stylesUrl from "./styles.css?url";
import fontsUrl from "./fonts.css?url";
import { isCrawlerView } from "../lib/crawler_view.ts";
import type { LoadContext } from "../lib/load_context.ts";
import {
  loadPagePreview,
  MAX_DESCRIPTION,
  MAX_IMAGE_ALT,
  MAX_TITLE,
  type PagePreview,
  previewMeta,
  SITE_LINKS,
  THEME_COLOR,
} from "../lib/preview_meta.ts";
import { previewText } from "../lib/text.ts";

/** The crawler body's texts, cleaned and capped as in the tags. */
export interface CrawlerBody {
  readonly title: string;
  readonly description: string;
  readonly image: string;
  readonly imageAlt: string;
  readonly url: string;
}

/**
 * What the root loader gives the document: the head's tags, made on the
 * server (the preview code stays out of the browser's scripts), and for a
 * crawler its small body.
 */
export interface RootData {
  /** A crawler on a whitelisted page: the document is the preview only. */
  readonly crawler: boolean;
  /** The preview tags (`previewMeta`), or the default title. */
  readonly tags: MetaDescriptor[];
  /** The crawler's body, for a crawler only. */
  readonly body: CrawlerBody | null;
  /** The pages show the embedded demo data (no `GRAPHQL_URL`): a banner says so. */
  readonly demo: boolean;
}

export const links: LinksFunction = () => [
  ...SITE_LINKS,
  { rel: "stylesheet", href: stylesUrl },
];

function crawlerBody(preview: PagePreview): CrawlerBody {
  return {
    title: previewText(preview.title, MAX_TITLE),
    description: previewText(preview.description, MAX_DESCRIPTION),
    image: preview.image,
    imageAlt: previewText(preview.imageAlt, MAX_IMAGE_ALT),
    url: preview.url,
  };
}

/**
 * Link preview of whitelisted pages (default, token or pool), from the
 * preview cache; other paths get none. Whitelisted pages vary by
 * `User-Agent` (crawlers get the crawler document); a page whose preview
 * could not be read is marked `no-store`.
 */
export async function loader({ request, context }: LoaderFunctionArgs & { context: LoadContext }) {
  const head = await loadPagePreview(request, context.previews, context.origin, context.logger);
  const crawler = head.preview !== null && isCrawlerView(request);
  const root: RootData = {
    crawler,
    tags: previewMeta(head),
    body: crawler && head.preview ? crawlerBody(head.preview) : null,
    demo: context.demo,
  };
  const headers = new Headers();
  if (head.preview !== null) headers.set("vary", "User-Agent");
  if (head.previewFailed) headers.set("cache-control", "no-store");
  return data(root, { headers });
}

/** The root loader's headers (`no-store` after a failed preview) go on every page. */
export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** Preview tags on 200 pages; error pages carry only their title. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: notFound ? "404 Not Found" : "500 Internal Server Error" }];
  }
  return data?.tags ?? [];
};

/** The HTML document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const head = (
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="color-scheme" content="light dark" />
      <meta name="theme-color" content={THEME_COLOR} />
      <Meta />
      <Links />
    </head>
  );
  if (root?.crawler) {
    // No header, footer or scripts: crawlers read the head and this body only.
    return (
      <html lang="en">
        {head}
        <body>
          <main id="main" className="page">{children}</main>
        </body>
      </html>
    );
  }
  return (
    <html lang="en">
      {head}
      <body>
        <SiteHeader />
        <main id="main" className="page">
          {root?.demo
            ? (
              <p className="demo-banner" role="note" data-testid="demo-banner">
                <strong>Demo:</strong> a local chain and seeded prices. Nothing here is live market data.
              </p>
            )
            : null}
          {children}
        </main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** The crawler's body: what the preview says, as a page. */
function CrawlerPreview({ body }: { body: CrawlerBody }) {
  return (
    <article className="crawler-preview">
      <h1>{body.title}</h1>
      <p>{body.description}</p>
      <img src={body.image} alt={body.imageAlt} width={1200} height={630} />
      <p>
        <a href={body.url}>{body.url}</a>
      </p>
    </article>
  );
}

/**
 * Adds the web fonts' stylesheet (`app/fonts.css`: script and emoji faces,
 * 120 KB gzipped) once the page has hydrated, off the critical path; the
 * faces download only for characters a page shows. It lives here, not in a
 * component module, so component tests never load a CSS module.
 */
function useWebFonts() {
  useEffect(() => {
    if (document.querySelector("link[data-web-fonts]")) return;
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = fontsUrl;
    link.dataset.webFonts = "";
    document.head.append(link);
  }, []);
}

/** The page, or for a crawler the preview alone. */
export default function App() {
  useWebFonts();
  const root = useLoaderData<typeof loader>();
  if (root.crawler && root.body) return <CrawlerPreview body={root.body} />;
  return <Outlet />;
}

/** 404 for unmatched paths, 500 for thrown errors; never a stack trace. */
export function ErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = notFound ? "404 Not Found" : "500 Internal Server Error";
  return (
    <section className="error-page">
      <h1>{title}</h1>
      <p>{notFound ? "This page does not exist." : "Something went wrong on our side. Please try again."}</p>
      <a href="/">Back to the home page</a>
    </section>
  );
}
