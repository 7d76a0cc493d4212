/** `/positions/v3/:chainName/:tokenId`: V3 position. */
import { Screen } from "../components/screen.tsx";

export default function PositionsV3ChainNameTokenIdRoute() {
  return <Screen title="V3 position" />;
}
