/** `/explore/tokens/:chainName/:tokenAddress` and `/tokens/:chainName/:tokenAddress`: a token's price, stats, pools and transactions. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { StreamedTokenScreen } from "../components/streamed_screens.tsx";
import { loadTokenPage } from "../lib/token_loader.ts";

/** Loads the token from the gateway and streams the rest; failures become data the screen shows. */
export function loader(args: LoaderFunctionArgs) {
  return loadTokenPage(args);
}

/** Renders the frame at once and the screen once the streamed parts arrive. */
export default function TokenRoute() {
  return <StreamedTokenScreen page={useLoaderData<typeof loader>()} />;
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
