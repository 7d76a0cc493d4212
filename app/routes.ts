/**
 * React Router route config: the routes are the flat route files in
 * `app/routes/`. Which of them carry link previews is listed in
 * `lib/preview_routes.ts`.
 */
import type { RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

export default flatRoutes() satisfies RouteConfig;
