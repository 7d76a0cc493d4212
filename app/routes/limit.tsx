/** `/limit`: a limit order (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../swap/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "limit",
  title: "Limit order",
  intro: "Set a price at which to swap one token for another.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
