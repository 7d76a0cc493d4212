/** `/nfts/collection/:contractAddress`: NFT collection. */
import { Screen } from "../components/screen.tsx";

export default function NftsCollectionContractAddressIndexRoute() {
  return <Screen title="NFT collection" />;
}
