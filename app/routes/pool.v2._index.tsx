/** `/pool/v2` and `/pools/v2`: your V2 liquidity (needs a wallet); top pools to explore meanwhile. */
import { topPoolsRoute } from "../components/wallet_routes.tsx";
import { loadTopPools } from "../lib/wallet_loaders.ts";

export const loader = loadTopPools;

export default topPoolsRoute({ title: "Your V2 liquidity", action: "see your V2 liquidity" });

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
