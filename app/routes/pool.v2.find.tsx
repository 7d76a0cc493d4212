/** `/pool/v2/find` and `/pools/v2/find`: import a V2 pair by its two tokens: whether it exists, its reserves and the holder's share. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { FindV2Panel } from "../liquidity/v2_find_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Import V2 pool",
  intro: "Pick the two tokens of a V2 pair to find your liquidity in it.",
  Panel: FindV2Panel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
