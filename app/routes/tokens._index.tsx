/** `/tokens`: the top tokens (and `?q=` token search) of a chain. */
import { exploreRoute } from "../explore/explore_route.tsx";
import { loadExplore } from "../explore/explore_loader.ts";

export const loader = loadExplore;

export default exploreRoute({
  title: (data) => data.query ? `Search: ${data.query}` : "Top tokens",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
