/** `/pool`: Positions. */
import { Screen } from "../components/screen.tsx";

export default function PoolIndexRoute() {
  return <Screen title="Positions" />;
}
