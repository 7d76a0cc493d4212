/** `/migrate/v2/:address`: migrate a V2 pair (on Ethereum) to a newer pool. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { PairScreen } from "../components/wallet_screens.tsx";
import { loadPair } from "../lib/wallet_loaders.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  return { pair: await loadPair(context, "ethereum", params.address) };
}

/** Renders the screen. */
export default function MigrateV2AddressRoute() {
  const data = useLoaderData<typeof loader>();
  return <PairScreen title="Migrate V2 liquidity" pair={data.pair} action="migrate your liquidity from this pair" />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
