/** `/pools/v2`: V2 pools. */
import { Screen } from "../components/screen.tsx";

export default function PoolsV2IndexRoute() {
  return <Screen title="V2 pools" />;
}
