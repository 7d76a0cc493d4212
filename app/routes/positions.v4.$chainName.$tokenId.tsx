/** `/positions/v4/:chainName/:tokenId`: one V4 position; it belongs to a wallet, so the screen asks for one. */
import { positionRoute } from "../components/wallet_routes.tsx";

export default positionRoute("v4");

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
