/**
 * The route error boundary of `status.tsx` (`RouteErrorBoundary`) as an
 * island (`island.tsx`), for the routes of a first visit (`/`, the token
 * page): an error page the server rendered keeps its HTML, and the retry
 * button's code loads after the first screen.
 *
 * @module
 */
import { island } from "./island.tsx";

/** `RouteErrorBoundary`, its code loaded after the first screen. */
export const RouteErrorIsland = island(() => import("./status.tsx").then((m) => m.RouteErrorBoundary));
