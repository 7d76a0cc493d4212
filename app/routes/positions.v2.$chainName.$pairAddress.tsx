/** `/positions/v2/:chainName/:pairAddress`: V2 position. */
import { Screen } from "../components/screen.tsx";

export default function PositionsV2ChainNamePairAddressRoute() {
  return <Screen title="V2 position" />;
}
