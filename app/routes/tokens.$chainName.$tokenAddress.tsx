/** `/tokens/:chainName/:tokenAddress`: a token's price, stats, pools and transactions. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { TokenScreen } from "../components/token_screen.tsx";
import { loadTokenPage } from "../lib/token_loader.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTokenPage(args);
}

/** Renders the screen. */
export default function TokenRoute() {
  return <TokenScreen data={useLoaderData<typeof loader>()} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
