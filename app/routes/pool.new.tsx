/** `/pool/new`, `/pools/new` and `/positions/create`: a new position (read-only frame with real tokens). */
import { tradeRoute } from "../components/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "liquidity",
  title: "New position",
  intro: "Pick a pair and a fee tier for a new position.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
