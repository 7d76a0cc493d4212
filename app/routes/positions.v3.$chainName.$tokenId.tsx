/** `/positions/v3/:chainName/:tokenId`: one liquidity position: it belongs to a wallet, so the screen asks for one. */
import { useParams } from "react-router";
import { WalletScreen } from "../wallet/wallet_screen.tsx";
import { V3PositionDetail } from "../wallet/v3_positions_panel.tsx";
import { chainLabel } from "../../lib/chains.ts";

export default function PositionV3Route() {
  const params = useParams();
  return (
    <WalletScreen
      title={`Position #${params.tokenId ?? ""}`}
      intro={chainLabel((params.chainName ?? "").toUpperCase())}
    >
      <V3PositionDetail chainName={params.chainName ?? ""} tokenId={params.tokenId ?? ""} />
    </WalletScreen>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
