/** `/auth/passkey/extension`: Passkey sign-in. */
import { Screen } from "../components/screen.tsx";

export default function AuthPasskeyExtensionRoute() {
  return <Screen title="Passkey sign-in" />;
}
