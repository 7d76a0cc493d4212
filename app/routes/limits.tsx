/** `/limits`: your limit orders (needs a wallet); top pools to explore meanwhile. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

export const loader = loadTopPools;

export default topPoolsRoute({ title: "Your limit orders", action: "see your limit orders" });

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
