/** `/sell`: Sell. */
import { Screen } from "../components/screen.tsx";

export default function SellRoute() {
  return <Screen title="Sell" />;
}
