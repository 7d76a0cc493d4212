/** `/create-proposal`: create a governance proposal (UNI figures from the gateway; acting needs a wallet). */
import { Link } from "react-router";
import { governanceRoute } from "../components/wallet_routes.tsx";
import { loadGovernance } from "../lib/wallet_loaders.ts";

export const loader = loadGovernance;

export default governanceRoute({
  title: "Create a proposal",
  action: "create a proposal",
  children: (
    <p>
      A proposal needs the votes of enough UNI delegated to its author. <Link to="/vote">See governance</Link>
    </p>
  ),
});

export { RouteErrorBoundary as ErrorBoundary } from "../components/status.tsx";
