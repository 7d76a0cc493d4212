/** `/nfts`: popular NFT collections and collection search (`?q=`). */
import { useLoaderData } from "react-router";
import { CollectionsScreen } from "../nft/nft_screens.tsx";
import { loadCollections } from "../nft/nft_loader.ts";

export const loader = loadCollections;

export default function NftsRoute() {
  const data = useLoaderData<typeof loader>();
  return <CollectionsScreen collections={data.collections} query={data.query} />;
}

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
