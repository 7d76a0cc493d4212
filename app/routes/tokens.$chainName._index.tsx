/** `/tokens/:chainName`: the top tokens of one chain. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ExploreScreen } from "../components/explore_screen.tsx";
import { loadExplore } from "../lib/explore_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadExplore(args, "tokens");
}

export default function TokensChainRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ExploreScreen
      data={data}
      title={data.query ? `Search: ${data.query}` : `Top tokens on ${data.chainLabel}`}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
