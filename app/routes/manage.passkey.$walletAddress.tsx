/** `/manage/passkey/:walletAddress`: Manage passkeys. */
import { Screen } from "../components/screen.tsx";

export default function ManagePasskeyWalletAddressRoute() {
  return <Screen title="Manage passkeys" />;
}
