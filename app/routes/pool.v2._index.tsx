/** `/pool/v2`: V2 positions. */
import { Screen } from "../components/screen.tsx";

export default function PoolV2IndexRoute() {
  return <Screen title="V2 positions" />;
}
