/** `/positions/create/:protocolVersion`: a new V2, V3 or V4 position: read-only frame with real tokens. */
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";
import { TradeScreen } from "../components/trade_screen.tsx";
import { loadTrade } from "../lib/trade_loader.ts";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { NewV3Position } from "../wallet/v3_positions_panel.tsx";

export function loader(args: LoaderFunctionArgs) {
  return loadTrade(args);
}

export default function PositionsCreateVersionRoute() {
  const data = useLoaderData<typeof loader>();
  const version = (data.params.protocolVersion ?? "").toLowerCase();
  const known = ["v2", "v3", "v4"].includes(version);
  if (version === "v3") {
    return (
      <WalletScreen title="New v3 position" intro="Pick a pair, a fee tier and a price range.">
        <NewV3Position data={data} />
      </WalletScreen>
    );
  }
  return (
    <TradeScreen
      data={data}
      mode="liquidity"
      title={known ? `New ${version} position` : "New position"}
      intro={known
        ? `Pick a pair for a Uniswap ${version} position.`
        : `"${data.params.protocolVersion}" is not a protocol version: pick a pair for a new position.`}
    />
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
