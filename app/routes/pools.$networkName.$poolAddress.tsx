/** `/pools/:networkName/:poolAddress`: Pool. */
import { Screen } from "../components/screen.tsx";

export default function PoolsNetworkNamePoolAddressRoute() {
  return <Screen title="Pool" />;
}
