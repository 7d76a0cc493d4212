/**
 * `/pool/:tokenId`, `/pools/:tokenId` and `/remove/:tokenId`: one V3 position on the default chain, read on chain,
 * with increase, collect and remove.
 */
import { useLoaderData, useParams } from "react-router";
import { loadPricedTokens } from "../lib/wallet_loaders.ts";
import { Frame } from "../components/wallet_screens.tsx";
import { V3PositionDetail } from "../liquidity/v3_position_detail.tsx";
import { chainLabel, chainUrlName, DEFAULT_CHAIN } from "../../lib/chains.ts";

export const loader = loadPricedTokens;

export default function PoolPositionRoute() {
  const tokenId = useParams().tokenId ?? "";
  return (
    <Frame title={`Position #${tokenId}`} intro={`V3 liquidity position on ${chainLabel(DEFAULT_CHAIN)}`}>
      <V3PositionDetail
        chainName={chainUrlName(DEFAULT_CHAIN)}
        tokenId={tokenId}
        tokens={useLoaderData<typeof loader>().tokens}
      />
    </Frame>
  );
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
