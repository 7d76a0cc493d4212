/** `/migrate/v2`: Migrate V2 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function MigrateV2IndexRoute() {
  return <Screen title="Migrate V2 liquidity" />;
}
