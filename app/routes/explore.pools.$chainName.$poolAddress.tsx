/** `/explore/pools/:chainName/:poolAddress`: a pool's charts, liquidity, stats and transactions. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { PoolScreen } from "../components/pool_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadPoolPage } from "../lib/pool_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadPoolPage(args);
}

/** Renders the screen. */
export default function PoolRoute() {
  return <PoolScreen data={useLoaderData<typeof loader>()} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
