/** `/pool/:tokenId`: Position. */
import { Screen } from "../components/screen.tsx";

export default function PoolTokenIdRoute() {
  return <Screen title="Position" />;
}
