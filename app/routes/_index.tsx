/** `/`: the home screen: explore tokens, pools and volume. */
import { Link } from "react-router";
import { exploreRoute } from "../explore/explore_route.tsx";
import { loadExplore } from "../explore/explore_loader.ts";

export const loader = loadExplore;

export default exploreRoute({
  title: () => "Swap anytime, anywhere",
  intro: (
    <p className="muted">
      Prices, pools and volume across Uniswap. <Link to="/swap">Open the swap screen</Link> or search for a token above.
    </p>
  ),
});

export { RouteErrorIsland as ErrorBoundary } from "../components/route_error.tsx";
