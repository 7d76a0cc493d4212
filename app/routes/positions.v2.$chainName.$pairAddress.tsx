/** `/positions/v2/:chainName/:pairAddress`: your share of a V2 pair, with its market data; acting needs a wallet. */
import type { LoaderFunctionArgs } from "react-router";
import { pairRoute } from "../components/wallet_routes.tsx";
import { loadPair } from "../lib/wallet_loaders.ts";

export async function loader({ params, context }: LoaderFunctionArgs) {
  return { pair: await loadPair(context, params.chainName, params.pairAddress) };
}

export default pairRoute({ title: "Your V2 position", action: "see and manage your share of this pair" });

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
