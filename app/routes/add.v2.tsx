/** `/add/v2`: Add V2 liquidity: the wallet panel (app/wallet/). */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { AddV2Panel } from "../wallet/v2_liquidity_panel.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

/** Renders the screen. */
export default function AddV2LiquidityRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WalletScreen title="Add V2 liquidity" intro="Provide liquidity to a Uniswap V2 pair.">
      <AddV2Panel data={data} />
    </WalletScreen>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
