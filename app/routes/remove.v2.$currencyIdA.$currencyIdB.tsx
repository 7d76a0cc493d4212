/** `/remove/v2/:currencyIdA/:currencyIdB`: remove liquidity from a V2 pair with the wallet. */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { RemoveV2Panel } from "../liquidity/v2_liquidity_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Remove V2 liquidity",
  intro: "Withdraw your share of a V2 pair.",
  Panel: RemoveV2Panel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
