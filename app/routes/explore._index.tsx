/** `/explore`: top tokens, top pools and transactions of a chain. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { ExploreScreen } from "../components/explore_screen.tsx";
import { loadExplore } from "../lib/explore_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadExplore(args, "tokens");
}

export default function ExploreRoute() {
  const data = useLoaderData<typeof loader>();
  return <ExploreScreen data={data} title="Explore" />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
