/** `/swap`: swap tokens with the wallet. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { island } from "../components/island.tsx";

export const loader = loadTrade;

/** The swap panel and the wallet libraries under it (viem, wagmi: about 100 KB gzip): an island. */
const SwapPanel = island(() => import("../swap/swap_panel.tsx").then((m) => m.SwapPanel));
// On a client navigation, the route renders once the panel's code is in (`Island.loaded`). Never on the
// server: its bundle is one module, and a pause there would run the islands' imports before their modules exist.
if (typeof document !== "undefined") await SwapPanel.loaded();

export default walletPanelRoute({
  title: "Swap",
  intro: "Swap tokens at the chain's best quote, signed by your wallet.",
  Panel: SwapPanel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
