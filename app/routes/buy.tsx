/** `/buy`: Buy. */
import { Screen } from "../components/screen.tsx";

export default function BuyRoute() {
  return <Screen title="Buy" />;
}
