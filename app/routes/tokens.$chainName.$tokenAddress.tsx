/** `/tokens/:chainName/:tokenAddress`: Token. */
import { Screen } from "../components/screen.tsx";

export default function TokensChainNameTokenAddressRoute() {
  return <Screen title="Token" />;
}
