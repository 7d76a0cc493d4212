/** `/nfts/asset/:contractAddress/:tokenId`: NFT. */
import { Screen } from "../components/screen.tsx";

export default function NftsAssetContractAddressTokenIdRoute() {
  return <Screen title="NFT" />;
}
