/** `/pools/new`: New position. */
import { Screen } from "../components/screen.tsx";

export default function PoolsNewRoute() {
  return <Screen title="New position" />;
}
