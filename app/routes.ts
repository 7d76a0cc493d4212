/**
 * React Router route config: the flat route files in `app/routes/`, plus a
 * route for every alias of the preview whitelist (`lib/preview_routes.ts`):
 * `/pools/new` is served by `routes/pool.new.tsx` under its own id, with no
 * copy of the file. Which routes carry link previews is that whitelist.
 */
import { route, type RouteConfig } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";
import { PREVIEW_ROUTES } from "../lib/preview_routes.ts";

const aliases = PREVIEW_ROUTES.filter((r) => r.alias).map((r) =>
  route(r.pattern.slice(1), `routes/${r.module}.tsx`, { id: r.routeId })
);

export default [...(await flatRoutes()), ...aliases] satisfies RouteConfig;
