/** `/nfts/collection/:contractAddress`: a collection, its stats and its items. */
import { collectionRoute } from "../components/collection_route.tsx";
import { loadCollection } from "../lib/nft_loader.ts";

export const loader = loadCollection;

export default collectionRoute("items");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
