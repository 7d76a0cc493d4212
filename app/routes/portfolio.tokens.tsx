/** `/portfolio/tokens`: Portfolio tokens. */
import { Screen } from "../components/screen.tsx";

export default function PortfolioTokensRoute() {
  return <Screen title="Portfolio tokens" />;
}
