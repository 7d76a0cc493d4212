/** `/nfts/asset/:contractAddress/:tokenId`: one NFT with traits, rarity, listing and activity. */
import { useLoaderData } from "react-router";
import { AssetScreen } from "../nft/nft_screens.tsx";
import { loadAsset } from "../nft/nft_loader.ts";

export const loader = loadAsset;

export default function AssetRoute() {
  const data = useLoaderData<typeof loader>();
  return <AssetScreen data={data.item} address={data.address} tokenId={data.tokenId} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
