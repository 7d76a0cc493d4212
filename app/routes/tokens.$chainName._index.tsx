/** `/tokens/:chainName`: the top tokens of one chain. */
import { exploreRoute } from "../explore/explore_route.tsx";
import { loadExplore } from "../explore/explore_loader.ts";

export const loader = loadExplore;

export default exploreRoute({
  title: (data) => data.query ? `Search: ${data.query}` : `Top tokens on ${data.chainLabel}`,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
