/** `/add/v2`: Add V2 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function AddV2Route() {
  return <Screen title="Add V2 liquidity" />;
}
