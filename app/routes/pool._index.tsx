/** `/pool` and `/pools`: the connected wallet's V2 and V3 liquidity (as `/positions`); top pools to explore below. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";
import { PositionsList } from "../liquidity/positions_list.tsx";

export const loader = loadTopPools;

export default topPoolsRoute({
  title: "Your positions",
  action: "see your liquidity positions",
  Wallet: PositionsList,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
