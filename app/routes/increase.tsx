/** `/increase`: Increase liquidity. */
import { Screen } from "../components/screen.tsx";

export default function IncreaseRoute() {
  return <Screen title="Increase liquidity" />;
}
