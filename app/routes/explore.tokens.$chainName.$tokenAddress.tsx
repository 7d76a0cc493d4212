/** `/explore/tokens/:chainName/:tokenAddress`: a token's price, stats, pools and transactions. */
import type { LoaderFunctionArgs } from "@remix-run/server-runtime";
import { useLoaderData } from "@remix-run/react";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TokenScreen } from "../components/token_screen.tsx";
import { loadTokenPage } from "../lib/token_loader.ts";

export function loader(args: LoaderFunctionArgs) {
  return loadTokenPage(args);
}

export default function TokenRoute() {
  return <TokenScreen data={useLoaderData<typeof loader>()} />;
}

export const ErrorBoundary = RouteErrorBoundary;
