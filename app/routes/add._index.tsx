/** `/add`: Add liquidity. */
import { Screen } from "../components/screen.tsx";

export default function AddIndexRoute() {
  return <Screen title="Add liquidity" />;
}
