/** `/pools`: Pools. */
import { Screen } from "../components/screen.tsx";

export default function PoolsIndexRoute() {
  return <Screen title="Pools" />;
}
