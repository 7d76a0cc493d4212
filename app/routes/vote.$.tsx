/** `/vote/*`: governance and its proposals (UNI figures from the gateway; voting needs a wallet). */
import { Link } from "react-router";
import { governanceRoute } from "../components/wallet_routes.tsx";
import { loadGovernance } from "../lib/wallet_loaders.ts";

export const loader = loadGovernance;

export default governanceRoute({
  title: "Governance",
  action: "vote on proposals",
  children: (
    <p>
      <Link to="/create-proposal">Create a proposal</Link>
    </p>
  ),
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
