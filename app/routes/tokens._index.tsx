/** `/tokens`: the top tokens (and `?q=` token search) of a chain. */
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
export default function TokensRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <ExploreScreen
      data={data}
      title={data.query ? `Search: ${data.query}` : "Top tokens"}
    />
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
