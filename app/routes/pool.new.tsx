/** `/pool/new`, `/pools/new` and `/positions/create`: a new V3 position (the pair and fee tier from the link). */
import { useLoaderData } from "react-router";
import { loadNewPosition } from "../lib/wallet_loaders.ts";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { NewV3Position } from "../liquidity/v3_new_position.tsx";
import { NewPositionTabs } from "../liquidity/new_position_tabs.tsx";

export const loader = loadNewPosition;

export default function NewPositionRoute() {
  const data = useLoaderData<typeof loader>();
  return (
    <WalletScreen title="New position" intro="Pick a pair, a fee tier and a price range.">
      <NewPositionTabs data={data} current="v3" />
      <NewV3Position data={data} />
    </WalletScreen>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
