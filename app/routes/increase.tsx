/** `/increase`: increase liquidity (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../components/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "liquidity",
  title: "Increase liquidity",
  intro: "Add more liquidity to one of your positions.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
