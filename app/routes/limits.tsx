/** `/limits`: Limit orders. */
import { Screen } from "../components/screen.tsx";

export default function LimitsRoute() {
  return <Screen title="Limit orders" />;
}
