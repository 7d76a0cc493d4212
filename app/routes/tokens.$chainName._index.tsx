/** `/tokens/:chainName`: the top tokens of one chain. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ExploreScreen } from "../components/explore_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadExplore } from "../lib/explore_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadExplore(args, "tokens");
}

/** Renders the screen. */
export default function TokensChainRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ExploreScreen
      data={data}
      title={data.query ? `Search: ${data.query}` : `Top tokens on ${data.chainLabel}`}
    />
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
