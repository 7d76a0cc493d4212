/** `/add`: add liquidity (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../components/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "liquidity",
  title: "Add liquidity",
  intro: "Pick a pair to provide liquidity to.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
