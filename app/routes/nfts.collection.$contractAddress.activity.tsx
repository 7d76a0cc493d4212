/** `/nfts/collection/:contractAddress/activity`: a collection and its current listings. */
import { collectionRoute } from "../nft/collection_route.tsx";
import { loadCollection } from "../nft/nft_loader.ts";

export const loader = loadCollection;

export default collectionRoute("activity");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
