/** `/positions/v2/:chainName/:pairAddress`: your share of a V2 pair, read on chain, with the pair's market data. */
import type { LoaderFunctionArgs } from "react-router";
import { pairRoute } from "../components/wallet_routes.tsx";
import { loadPair } from "../lib/wallet_loaders.ts";
import { V2PositionDetail } from "../liquidity/v2_position_detail.tsx";

export async function loader({ params, context }: LoaderFunctionArgs) {
  return { pair: await loadPair(context, params.chainName, params.pairAddress) };
}

export default pairRoute({
  title: "Your V2 position",
  action: "see and manage your share of this pair",
  Wallet: V2PositionDetail,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
