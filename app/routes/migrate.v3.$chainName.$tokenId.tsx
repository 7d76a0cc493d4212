/** `/migrate/v3/:chainName/:tokenId`: migrating one V3 position; it belongs to a wallet, so the screen asks for one. */
import { positionRoute } from "../components/wallet_routes.tsx";

export default positionRoute("v3");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
