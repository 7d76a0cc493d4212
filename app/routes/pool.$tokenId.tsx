/** `/pool/:tokenId`, `/pools/:tokenId` and `/remove/:tokenId`: one liquidity position; it belongs to a wallet, so the screen asks for one. */
import { positionRoute } from "../components/wallet_routes.tsx";

export default positionRoute(undefined);

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
