/** `/explore/tokens/:chainName/:tokenAddress` and `/tokens/:chainName/:tokenAddress`: a token's price, stats, pools and transactions; the frame at once, the parts streamed after it. */
import { useLoaderData } from "react-router";
import { island } from "../components/island.tsx";
import { loadTokenPage } from "../explore/token_loader.ts";

export const loader = loadTokenPage;

const StreamedTokenScreen = island(() =>
  import("../explore/streamed_token_screen.tsx").then((m) => m.StreamedTokenScreen)
);
// On a client navigation, the route renders once the screen's code is in (`Island.loaded`). Never on the
// server: its bundle is one module, and a pause there would run the islands' imports before their modules exist.
if (typeof document !== "undefined") await StreamedTokenScreen.loaded();

export default function TokenRoute() {
  return <StreamedTokenScreen page={useLoaderData<typeof loader>()} />;
}

export { RouteErrorIsland as ErrorBoundary } from "../components/route_error.tsx";
