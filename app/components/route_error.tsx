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
// On a client navigation, the route renders once the boundary's code is in (`Island.loaded`). Never on the
// server: its bundle is one module, and a pause there would run the islands' imports before their modules exist.
if (typeof document !== "undefined") await RouteErrorIsland.loaded();
