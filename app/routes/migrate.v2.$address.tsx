/** `/migrate/v2/:address`: Migrate V2 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function MigrateV2AddressRoute() {
  return <Screen title="Migrate V2 liquidity" />;
}
