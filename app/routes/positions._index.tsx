/** `/positions`: your positions (the wallet's V3 positions once connected); top pools to explore meanwhile. */
import { DEFAULT_CHAIN } from "../../lib/chains.ts";
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";
import { V3PositionsList } from "../wallet/v3_positions_panel.tsx";

export const loader = loadTopPools;

const Positions = topPoolsRoute({ title: "Your positions", action: "see your liquidity positions" });

export default function PositionsRoute() {
  return (
    <>
      <Positions />
      <V3PositionsList chainName={DEFAULT_CHAIN} />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
