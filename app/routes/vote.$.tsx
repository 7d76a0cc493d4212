/** `/vote{/*}?`: Vote. */
import { Screen } from "../components/screen.tsx";

export default function VoteRoute() {
  return <Screen title="Vote" />;
}
