/** `/limit`: Limit order. */
import { Screen } from "../components/screen.tsx";

export default function LimitRoute() {
  return <Screen title="Limit order" />;
}
