/** `/increase`: increase liquidity: the connected holder picks one of their V3 positions to add to; top pools below. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";
import { IncreasePicker } from "../liquidity/increase_picker.tsx";

export const loader = loadTopPools;

export default topPoolsRoute({
  title: "Increase liquidity",
  action: "add to one of your positions",
  Wallet: IncreasePicker,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
