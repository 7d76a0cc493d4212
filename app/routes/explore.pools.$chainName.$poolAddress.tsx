/** `/explore/pools/:chainName/:poolAddress`: Pool. */
import { Screen } from "../components/screen.tsx";

export default function ExplorePoolsChainNamePoolAddressRoute() {
  return <Screen title="Pool" />;
}
