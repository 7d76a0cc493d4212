/** `/pool/:tokenId`, `/pools/:tokenId` and `/remove/:tokenId`: one liquidity position: it belongs to a wallet, so the screen asks for one. */
import { useParams } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { PositionScreen } from "../components/wallet_screens.tsx";
import { chainLabel } from "../../lib/chains.ts";

/** Renders the screen. */
export default function PoolTokenIdRoute() {
  const params = useParams();
  return (
    <PositionScreen
      tokenId={params.tokenId ?? ""}
      version={undefined}
      chainLabel={params.chainName ? chainLabel(params.chainName.toUpperCase()) : undefined}
    />
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
