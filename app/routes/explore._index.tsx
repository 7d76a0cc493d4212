/** `/explore`: Explore. */
import { Screen } from "../components/screen.tsx";

export default function ExploreIndexRoute() {
  return <Screen title="Explore" />;
}
