/** `/positions/create`: Create position. */
import { Screen } from "../components/screen.tsx";

export default function PositionsCreateIndexRoute() {
  return <Screen title="Create position" />;
}
