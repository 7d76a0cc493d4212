/** `/nfts/collection/:contractAddress/activity`: a collection and its current listings. */
import { collectionRoute } from "../components/collection_route.tsx";
import { loadCollection } from "../lib/nft_loader.ts";

export const loader = loadCollection;

export default collectionRoute("activity");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
