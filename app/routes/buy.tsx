/** `/buy`: buy crypto (read-only frame with real tokens; acting needs a wallet). */
import { tradeRoute } from "../swap/trade_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";

export const loader = loadTrade;

export default tradeRoute({
  mode: "buy",
  title: "Buy crypto",
  intro: "Buy tokens with a card or bank transfer through a provider.",
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
