/** `/sell`: sell crypto (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../swap/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "sell",
  title: "Sell crypto",
  intro: "Sell tokens for cash through a provider.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
