/** `/remove/v2/:currencyIdA/:currencyIdB`: Remove V2 liquidity. */
import { Screen } from "../components/screen.tsx";

export default function RemoveV2CurrencyIdACurrencyIdBRoute() {
  return <Screen title="Remove V2 liquidity" />;
}
