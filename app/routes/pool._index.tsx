/** `/pool` and `/pools`: your positions (needs a wallet); top pools to explore meanwhile. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

export const loader = loadTopPools;

export default topPoolsRoute({ title: "Your positions", action: "see your liquidity positions" });

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
