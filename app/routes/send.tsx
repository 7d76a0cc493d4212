/** `/send`: Send. */
import { Screen } from "../components/screen.tsx";

export default function SendRoute() {
  return <Screen title="Send" />;
}
