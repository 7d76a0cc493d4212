/** `/increase`: Increase liquidity: read-only frame with real tokens; a wallet would be needed to act. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

export default function IncreaseLiquidityRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <TradeScreen
      data={data}
      mode="liquidity"
      title="Increase liquidity"
      intro="Add more liquidity to one of your positions."
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
