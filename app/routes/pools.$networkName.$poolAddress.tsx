/** `/pools/:networkName/:poolAddress`: a pool's charts, liquidity, stats and transactions. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { PoolScreen } from "../components/pool_screen.tsx";
import { RouteErrorBoundary } from "../components/status.tsx";
import { loadPoolPage } from "../lib/pool_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadPoolPage(args);
}

export default function PoolRoute() {
  return <PoolScreen data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
