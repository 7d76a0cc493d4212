/**
 * The document and shared layout of every page: header with navigation,
 * the page, and the footer. The root `ErrorBoundary` renders 404 and 500
 * pages in the same frame, without preview tags or stack traces.
 */
import type { LinksFunction, LoaderFunctionArgs } from "react-router";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "react-router";
import type { ReactNode } from "react";
import { SiteFooter, SiteHeader } from "./components/layout.tsx";
import stylesUrl from "./styles.css?url";
import type { LoadContext } from "../lib/load_context.ts";
import { type HeadData, loadPagePreview, previewMeta } from "../lib/preview_meta.ts";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesUrl },
];

/**
 * Link preview of whitelisted pages (default, token or pool), from the
 * preview cache; other paths get none.
 */
export async function loader(
  { request, context }: LoaderFunctionArgs & { context: LoadContext },
): Promise<HeadData> {
  return await loadPagePreview(request, context.previews, context.origin);
}

/** Preview tags on 200 pages; error pages carry only their title. */
export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  if (error) {
    const notFound = isRouteErrorResponse(error) && error.status === 404;
    return [{ title: notFound ? "404 Not Found" : "500 Internal Server Error" }];
  }
  return previewMeta(data);
};

/** The HTML document around every page, error pages included. */
export function Layout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light dark" />
        <Meta />
        <Links />
      </head>
      <body>
        <SiteHeader />
        <main id="main" className="page">{children}</main>
        <SiteFooter />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
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
