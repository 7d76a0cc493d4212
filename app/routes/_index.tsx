/** `/`: the home screen: explore tokens, pools and volume. */
import type { LoaderFunctionArgs } from "react-router";
import { Link, useLoaderData } from "react-router";
import { ExploreScreen } from "../components/explore_screen.tsx";
import { loadExplore } from "../lib/explore_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadExplore(args, "tokens");
}

export default function HomeRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ExploreScreen
      data={data}
      title="Swap anytime, anywhere"
      intro={
        <p className="muted">
          Live prices, pools and volume across Uniswap. <Link to="/swap">Open the swap screen</Link>{" "}
          or search for a token above.
        </p>
      }
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
