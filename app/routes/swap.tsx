/** `/swap`: Swap. */
import { Screen } from "../components/screen.tsx";

export default function SwapRoute() {
  return <Screen title="Swap" />;
}
