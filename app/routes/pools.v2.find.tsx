/** `/pools/v2/find`: Import V2 pool. */
import { Screen } from "../components/screen.tsx";

export default function PoolsV2FindRoute() {
  return <Screen title="Import V2 pool" />;
}
