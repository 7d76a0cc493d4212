/** `/explore/tokens/:chainName/:tokenAddress`: Token. */
import { Screen } from "../components/screen.tsx";

export default function ExploreTokensChainNameTokenAddressRoute() {
  return <Screen title="Token" />;
}
