/** `/portfolio/activity`: Portfolio activity. */
import { Screen } from "../components/screen.tsx";

export default function PortfolioActivityRoute() {
  return <Screen title="Portfolio activity" />;
}
