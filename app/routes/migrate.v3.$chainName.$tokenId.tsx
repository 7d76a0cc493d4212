/** `/migrate/v3/:chainName/:tokenId`: Migrate V3 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function MigrateV3ChainNameTokenIdRoute() {
  return <Screen title="Migrate V3 liquidity" />;
}
