/** `/pool/v2`: Your V2 liquidity: a wallet is needed; top pools to explore meanwhile. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { PositionsScreen } from "../components/wallet_screens.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTopPools(args);
}

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

export const ErrorBoundary = RouteErrorBoundary;
