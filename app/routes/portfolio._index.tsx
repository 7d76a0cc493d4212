/** `/portfolio`: Portfolio. */
import { Screen } from "../components/screen.tsx";

export default function PortfolioIndexRoute() {
  return <Screen title="Portfolio" />;
}
