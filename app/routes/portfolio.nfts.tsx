/** `/portfolio/nfts`: Portfolio NFTs. */
import { Screen } from "../components/screen.tsx";

export default function PortfolioNftsRoute() {
  return <Screen title="Portfolio NFTs" />;
}
