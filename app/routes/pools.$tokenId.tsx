/** `/pools/:tokenId`: Position. */
import { Screen } from "../components/screen.tsx";

export default function PoolsTokenIdRoute() {
  return <Screen title="Position" />;
}
