/** `/positions/v3/:chainName/:tokenId`: one V3 position read on chain, with increase, collect and remove. */
import { useLoaderData, useParams } from "react-router";
import { loadPricedTokens } from "../lib/wallet_loaders.ts";
import { Frame } from "../components/wallet_screens.tsx";
import { V3PositionDetail } from "../liquidity/v3_position_detail.tsx";
import { chainLabel } from "../../lib/chains.ts";

export const loader = loadPricedTokens;

export default function PositionV3Route() {
  const params = useParams();
  return (
    <Frame
      title={`Position #${params.tokenId ?? ""}`}
      intro={`V3 liquidity position on ${chainLabel((params.chainName ?? "").toUpperCase())}`}
    >
      <V3PositionDetail
        chainName={params.chainName ?? ""}
        tokenId={params.tokenId ?? ""}
        tokens={useLoaderData<typeof loader>().tokens}
      />
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
