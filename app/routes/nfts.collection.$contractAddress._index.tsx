/** `/nfts/collection/:contractAddress`: a collection, its stats and its items. */
import { collectionRoute } from "../nft/collection_route.tsx";
import { loadCollection } from "../nft/nft_loader.ts";

export const loader = loadCollection;

export default collectionRoute("items");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
