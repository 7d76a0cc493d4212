/** `/pool/v2/find` and `/pools/v2/find`: import a V2 pool (read-only frame with real tokens). */
import { tradeRoute } from "../components/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "liquidity",
  title: "Import V2 pool",
  intro: "Pick the two tokens of a V2 pair to find your liquidity in it.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
