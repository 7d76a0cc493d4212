/** `/positions/v4/:chainName/:tokenId`: V4 position. */
import { Screen } from "../components/screen.tsx";

export default function PositionsV4ChainNameTokenIdRoute() {
  return <Screen title="V4 position" />;
}
