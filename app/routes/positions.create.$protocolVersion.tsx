/** `/positions/create/:protocolVersion`: Create position. */
import { Screen } from "../components/screen.tsx";

export default function PositionsCreateProtocolVersionRoute() {
  return <Screen title="Create position" />;
}
