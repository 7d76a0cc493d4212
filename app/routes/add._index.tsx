/** `/add`: add liquidity: a new V3 position (the pair and fee tier from the link), V2 one tab away. */
import { useLoaderData } from "react-router";
import { loadNewPosition } from "../lib/wallet_loaders.ts";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { NewV3Position } from "../liquidity/v3_new_position.tsx";
import { NewPositionTabs } from "../liquidity/new_position_tabs.tsx";

export const loader = loadNewPosition;

export default function AddRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WalletScreen title="Add liquidity" intro="Open a position: pick a pair, a fee tier and a price range.">
      <NewPositionTabs data={data} current="v3" />
      <NewV3Position data={data} />
    </WalletScreen>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
