/** `/increase`: increase liquidity: the connected wallet's positions, each page adding to one; top pools below. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";
import { PositionsList } from "../wallet/positions_list.tsx";

export const loader = loadTopPools;

export default topPoolsRoute({
  title: "Increase liquidity",
  action: "add to one of your positions",
  Wallet: PositionsList,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
