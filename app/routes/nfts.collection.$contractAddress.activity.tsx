/** `/nfts/collection/:contractAddress/activity`: Collection activity. */
import { Screen } from "../components/screen.tsx";

export default function NftsCollectionContractAddressActivityRoute() {
  return <Screen title="Collection activity" />;
}
