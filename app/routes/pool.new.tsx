/** `/pool/new`, `/pools/new` and `/positions/create`: New position: read-only frame with real tokens; a wallet would be needed to act. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

/** Renders the screen. */
export default function PoolNewRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <TradeScreen
      data={data}
      mode="liquidity"
      title="New position"
      intro="Pick a pair and a fee tier for a new position."
    />
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
