/** `/pool`: Your positions: a wallet is needed; top pools to explore meanwhile. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { PositionsScreen } from "../components/wallet_screens.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTopPools(args);
}

export default function PoolRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <PositionsScreen
      title="Your positions"
      pools={data.pools}
      chainLabel={data.chainLabel}
      action="see your liquidity positions"
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
