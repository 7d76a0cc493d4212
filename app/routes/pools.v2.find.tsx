/** `/pools/v2/find`: Import V2 pool: read-only frame with real tokens; a wallet would be needed to act. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

export default function PoolsV2FindRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <TradeScreen
      data={data}
      mode="liquidity"
      title="Import V2 pool"
      intro="Pick the two tokens of a V2 pair to find your liquidity in it."
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
