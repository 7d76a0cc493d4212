/** `/migrate/v2`: migrate a V2 position into V3 through the V3Migrator (pick the pair by its tokens). */
import { walletPanelRoute } from "../wallet/wallet_panel_route.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { MigrateV2Panel } from "../liquidity/v2_migrate_panel.tsx";

export const loader = loadTrade;

export default walletPanelRoute({
  title: "Migrate V2 liquidity",
  intro: "Move your liquidity from a V2 pair into a V3 position, in one transaction through the V3Migrator.",
  Panel: MigrateV2Panel,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
