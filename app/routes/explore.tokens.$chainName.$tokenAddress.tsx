/** `/explore/tokens/:chainName/:tokenAddress` and `/tokens/:chainName/:tokenAddress`: a token's price, stats, pools and transactions; the frame at once, the parts streamed after it. */
import { useLoaderData } from "react-router";
import { StreamedTokenScreen } from "../components/streamed_token_screen.tsx";
import { loadTokenPage } from "../lib/token_loader.ts";

export const loader = loadTokenPage;

export default function TokenRoute() {
  return <StreamedTokenScreen page={useLoaderData<typeof loader>()} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
