/** `/nfts`: NFTs. */
import { Screen } from "../components/screen.tsx";

export default function NftsIndexRoute() {
  return <Screen title="NFTs" />;
}
