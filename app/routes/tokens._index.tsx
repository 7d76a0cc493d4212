/** `/tokens`: the top tokens (and `?q=` token search) of a chain. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ExploreScreen } from "../components/explore_screen.tsx";
import { loadExplore } from "../lib/explore_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadExplore(args, "tokens");
}

export default function TokensRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ExploreScreen
      data={data}
      title={data.query ? `Search: ${data.query}` : "Top tokens"}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
