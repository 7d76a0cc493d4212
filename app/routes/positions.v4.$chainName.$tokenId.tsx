/** `/positions/v4/:chainName/:tokenId`: one V4 position read on chain, with increase, collect and decrease. */
import { useLoaderData, useParams } from "react-router";
import { loadPricedTokens } from "../lib/wallet_loaders.ts";
import { Frame } from "../components/wallet_screens.tsx";
import { V4PositionDetail } from "../liquidity/v4_position_detail.tsx";
import { chainLabel } from "../../lib/chains.ts";

export const loader = loadPricedTokens;

export default function PositionV4Route() {
  const params = useParams();
  return (
    <Frame
      title={`Position #${params.tokenId ?? ""}`}
      intro={`V4 liquidity position on ${chainLabel((params.chainName ?? "").toUpperCase())}`}
    >
      <V4PositionDetail
        chainName={params.chainName ?? ""}
        tokenId={params.tokenId ?? ""}
        tokens={useLoaderData<typeof loader>().tokens}
      />
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
