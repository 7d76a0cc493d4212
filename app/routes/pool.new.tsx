/** `/pool/new`: New position. */
import { Screen } from "../components/screen.tsx";

export default function PoolNewRoute() {
  return <Screen title="New position" />;
}
