/** `/migrate/v2`: migrate V2 liquidity (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../components/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "liquidity",
  title: "Migrate V2 liquidity",
  intro: "Move liquidity from a V2 pair to a V3 or V4 pool.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
