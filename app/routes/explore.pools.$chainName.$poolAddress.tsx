/** `/explore/pools/:chainName/:poolAddress` and `/pools/:chainName/:poolAddress`: a pool's charts, liquidity, stats and transactions. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { StreamedPoolScreen } from "../components/streamed_screens.tsx";
import { loadPoolPage } from "../lib/pool_loader.ts";

/** Loads the pool from the gateway and streams the rest; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadPoolPage(args);
}

/** Renders the frame at once and the screen once the streamed parts arrive. */
export default function PoolRoute() {
  return <StreamedPoolScreen page={useLoaderData<typeof loader>()} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
