/** `/explore`: top tokens, top pools and transactions of a chain. */
import { exploreRoute } from "../explore/explore_route.tsx";
import { loadExplore } from "../explore/explore_loader.ts";

export const loader = loadExplore;

export default exploreRoute({
  title: () => "Explore",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
