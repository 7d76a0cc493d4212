/** `/remove/:tokenId`: Remove liquidity. */
import { Screen } from "../components/screen.tsx";

export default function RemoveTokenIdRoute() {
  return <Screen title="Remove liquidity" />;
}
