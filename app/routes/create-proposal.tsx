/** `/create-proposal`: Create proposal. */
import { Screen } from "../components/screen.tsx";

export default function CreateProposalRoute() {
  return <Screen title="Create proposal" />;
}
