/** `/extension/uninstall`: Extension uninstalled. */
import { Screen } from "../components/screen.tsx";

export default function ExtensionUninstallRoute() {
  return <Screen title="Extension uninstalled" />;
}
