/** `/positions`: Positions. */
import { Screen } from "../components/screen.tsx";

export default function PositionsIndexRoute() {
  return <Screen title="Positions" />;
}
