/** `/explore/pools/:chainName/:poolAddress` and `/pools/:chainName/:poolAddress`: a pool's charts, liquidity, stats and transactions; the frame at once, the parts streamed after it. */
import { useLoaderData } from "react-router";
import { StreamedPoolScreen } from "../explore/streamed_screens.tsx";
import { loadPoolPage } from "../explore/pool_loader.ts";

export const loader = loadPoolPage;

export default function PoolRoute() {
  return <StreamedPoolScreen page={useLoaderData<typeof loader>()} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
