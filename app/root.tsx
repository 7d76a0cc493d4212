/**
 * The document and shared layout of every page: header with navigation,
 * the page, and the footer. The root `ErrorBoundary` renders 404 and 500
 * pages in the same frame, without preview tags or stack traces.
 */
import type { LinksFunction } from "@remix-run/server-runtime";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  type MetaFunction,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { SiteFooter, SiteHeader } from "./components/layout.tsx";
import stylesUrl from "./styles.css?url";

export const links: LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "stylesheet", href: stylesUrl },
];

export const meta: MetaFunction = () => [{ title: "Uniswap Interface" }];

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
      <title>{title}</title>
      <h1>{title}</h1>
      <p>{notFound ? "This page does not exist." : "Something went wrong on our side. Please try again."}</p>
      <a href="/">Back to the home page</a>
    </section>
  );
}
