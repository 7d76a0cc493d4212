/** `/swap`: swap tokens with the wallet. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { SwapPanel } from "../wallet/swap_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Swap",
  intro: "Swap tokens at the chain's best quote, signed by your wallet.",
  Panel: SwapPanel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
