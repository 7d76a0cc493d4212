/** `/tokens/:chainName`: Tokens. */
import { Screen } from "../components/screen.tsx";

export default function TokensChainNameIndexRoute() {
  return <Screen title="Tokens" />;
}
