/** `/pool/v2` and `/pools/v2`: the connected wallet's liquidity, V2 pairs included; top pools to explore below. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";
import { PositionsList } from "../liquidity/positions_list.tsx";

export const loader = loadTopPools;

export default topPoolsRoute({ title: "Your V2 liquidity", action: "see your V2 liquidity", Wallet: PositionsList });

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
