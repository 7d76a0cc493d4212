/**
 * `/positions/create/:protocolVersion`: a new position with the wallet, the
 * pair and fee tier preselected by the link (`?currencyA=&currencyB=&fee=`):
 * V4 (pools with hooks, native ether, Permit2), V3 (range presets, price
 * either way round) and V2 (the add form).
 */
import { useLoaderData } from "react-router";
import { TradeScreen } from "../swap/trade_screen.tsx";
import { loadNewPosition } from "../lib/wallet_loaders.ts";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { NewV3Position } from "../liquidity/v3_new_position.tsx";
import { AddV2Panel } from "../liquidity/v2_liquidity_panel.tsx";
import { NewPositionTabs } from "../liquidity/new_position_tabs.tsx";
import { NewV4Position } from "../liquidity/v4_new_position.tsx";

export const loader = loadNewPosition;

export default function PositionsCreateVersionRoute() {
  const data = useLoaderData<typeof loader>();
  const version = (data.params.protocolVersion ?? "").toLowerCase();
  if (version === "v3" || version === "v2") {
    return (
      <WalletScreen
        title={`New ${version} position`}
        intro={version === "v3"
          ? "Pick a pair, a fee tier and a price range."
          : "Provide liquidity to a Uniswap V2 pair."}
      >
        <NewPositionTabs data={data} current={version} />
        {version === "v3" ? <NewV3Position data={data} /> : <AddV2Panel data={data} />}
      </WalletScreen>
    );
  }
  if (version === "v4") {
    return (
      <WalletScreen title="New v4 position" intro="Pick a pair, a V4 pool (fee, hook) and a price range.">
        <NewPositionTabs data={data} current="v4" />
        <NewV4Position data={data} />
      </WalletScreen>
    );
  }
  return (
    <>
      <NewPositionTabs data={data} />
      <TradeScreen
        data={data}
        mode="liquidity"
        title="New position"
        intro={`"${data.params.protocolVersion}" is not a protocol version: pick a pair for a new position.`}
      />
    </>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
