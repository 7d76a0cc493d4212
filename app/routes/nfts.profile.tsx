/** `/nfts/profile`: NFT profile. */
import { Screen } from "../components/screen.tsx";

export default function NftsProfileRoute() {
  return <Screen title="NFT profile" />;
}
