/** `/add/v2`: add liquidity to a V2 pair with the wallet. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { AddV2Panel } from "../liquidity/v2_liquidity_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Add V2 liquidity",
  intro: "Provide liquidity to a Uniswap V2 pair.",
  Panel: AddV2Panel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
