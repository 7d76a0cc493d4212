/** `/pool/v2/find` and `/pools/v2/find`: Import V2 pool: read-only frame with real tokens; a wallet would be needed to act. */
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
export default function PoolV2FindRoute() {
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

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
