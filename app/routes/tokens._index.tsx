/** `/tokens`: Tokens. */
import { Screen } from "../components/screen.tsx";

export default function TokensIndexRoute() {
  return <Screen title="Tokens" />;
}
