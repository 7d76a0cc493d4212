/** `/create-proposal`: Create a proposal: UNI figures from the gateway; voting needs a wallet. */
import type { LoaderFunctionArgs } from "react-router";
import { Link, useLoaderData, useParams } from "react-router";
import { RouteErrorBoundary } from "../components/status.tsx";
import { GovernanceScreen } from "../components/wallet_screens.tsx";
import { loadGovernanceToken } from "../lib/wallet_loaders.ts";

/** Loads the screen's data from the gateway; failures become data the screen shows. */
export async function loader(args: LoaderFunctionArgs) {
  return { token: await loadGovernanceToken(args) };
}

/** Renders the screen. */
export default function CreateProposalRoute() {
  const data = useLoaderData<typeof loader>();
  const proposal = useParams()["*"];
  return (
    <GovernanceScreen
      title={proposal ? `Proposal ${proposal}` : "Create a proposal"}
      token={data.token}
      action="create a proposal"
    >
      <p>
        A proposal needs the votes of enough UNI delegated to its author. <Link to="/vote">See governance</Link>
      </p>
    </GovernanceScreen>
  );
}

/** Keeps the layout and offers a retry when the screen fails. */
export const ErrorBoundary = RouteErrorBoundary;
