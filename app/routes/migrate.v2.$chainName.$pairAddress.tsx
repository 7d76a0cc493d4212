/** `/migrate/v2/:chainName/:pairAddress`: Migrate V2 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function MigrateV2ChainNamePairAddressRoute() {
  return <Screen title="Migrate V2 liquidity" />;
}
