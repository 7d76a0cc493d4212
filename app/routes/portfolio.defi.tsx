/** `/portfolio/defi`: Portfolio DeFi. */
import { Screen } from "../components/screen.tsx";

export default function PortfolioDefiRoute() {
  return <Screen title="Portfolio DeFi" />;
}
