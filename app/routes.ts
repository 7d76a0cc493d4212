/**
 * Remix route config (`v3_routeConfig`): the routes are the flat route files
 * in `app/routes/`. Which of them carry link previews is listed in
 * `lib/preview_routes.ts`.
 */
import type { RouteConfig } from "@remix-run/route-config";
import { flatRoutes } from "@remix-run/fs-routes";

export default flatRoutes() satisfies RouteConfig;
