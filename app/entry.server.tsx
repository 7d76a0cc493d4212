/**
 * Server entry: streams the document with `renderToReadableStream` of React's
 * Node build (`react-dom/server.node`): it writes strings into 2 KB views with
 * `encodeInto`, where the browser build allocates a `TextEncoder.encode`
 * per attribute (measured in Deno: 6 ms against 9-12 ms for an 85 KB tree,
 * and 21 -> 16 ms of CPU per token page). Crawlers
 * (`isbot`) get the whole document at once (`allReady`), so the preview tags
 * are in the first HTML they read.
 */
import {
  type AppLoadContext,
  type EntryContext,
  type HandleErrorFunction,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.node";
import { islandsReady } from "./components/island.tsx";
// Server only (never in the browser bundle): the service's one logger.
import { errorText, logger } from "../server/log.ts";

/**
 * Logs server errors, except unmatched paths (plain 404s) and requests the
 * client aborted.
 */
export const handleError: HandleErrorFunction = (error, { request }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status === 404) return;
  if (error instanceof Error && /^No route matches URL/.test(error.message)) return;
  logger.error("Server render or loader failed", { path: new URL(request.url).pathname, error: errorText(error) });
};

/** How long a render may stream before it is aborted. */
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  _loadContext: AppLoadContext,
): Promise<Response> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), streamTimeout + 1_000);
  let status = responseStatusCode;
  await islandsReady();
  const body = await renderToReadableStream(
    <ServerRouter context={routerContext} url={request.url} />,
    {
      signal: controller.signal,
      // A finished Suspense boundary (an island, `components/island.tsx`) stays in place in the HTML: over React's
      // default 12,800 bytes it would be sent after the shell and shown later, a layout shift.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onError(error: unknown) {
        status = 500;
        if (!controller.signal.aborted) {
          logger.error("Streaming the document failed", {
            path: new URL(request.url).pathname,
            error: errorText(error),
          });
        }
      },
    },
  );
  body.allReady.finally(() => clearTimeout(timer));
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status });
}
