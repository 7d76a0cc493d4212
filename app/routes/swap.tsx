/** `/swap`: Swap: the wallet panel (app/wallet/). */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { SwapPanel } from "../wallet/swap_panel.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

/** Renders the screen. */
export default function SwapRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WalletScreen title="Swap" intro="Swap tokens at the chain's best quote, signed by your wallet.">
      <SwapPanel data={data} />
    </WalletScreen>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
