/** `/pool/v2` and `/pools/v2`: Your V2 liquidity: a wallet is needed; top pools to explore meanwhile. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { PositionsScreen } from "../components/wallet_screens.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTopPools(args);
}

/** Renders the screen. */
export default function PoolV2Route() {
  const data = useLoaderData<typeof loader>();
  return (
    <PositionsScreen
      title="Your V2 liquidity"
      pools={data.pools}
      chainLabel={data.chainLabel}
      action="see your V2 liquidity"
    />
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
