/** `/migrate/v2/:address`: migrate a V2 pair (on Ethereum) to a newer pool; with a link to migrate it into V3. */
import type { LoaderFunctionArgs } from "react-router";
import { pairRoute } from "../components/wallet_routes.tsx";
import { loadPair } from "../lib/wallet_loaders.ts";
import { MigratePairLink } from "../liquidity/migrate_pair_link.tsx";

export async function loader({ params, context }: LoaderFunctionArgs) {
  return { pair: await loadPair(context, "ethereum", params.address) };
}

export default pairRoute({
  title: "Migrate V2 liquidity",
  action: "migrate your liquidity from this pair",
  Wallet: MigratePairLink,
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
