/**
 * The route modules' screen of a wallet panel under its heading (`app/README.md`, route modules).
 *
 * Kept apart from the screens so that the screen modules export components
 * only, and React Fast Refresh swaps an edited screen in place (`deno task dev`).
 *
 * @module
 */
import type { ComponentType } from "react";
import { useLoaderData } from "react-router";
import type { TradeData } from "../lib/trade_loader.ts";
import { WalletScreen } from "./wallet_screen.tsx";

/** The route module's screen of a wallet panel under its heading, on `loadTrade`'s data (`app/README.md`). */
export function walletPanelRoute(
  screen: { title: string; intro: string; Panel: ComponentType<{ data: TradeData }> },
) {
  const { title, intro, Panel } = screen;
  return function WalletPanelRoute() {
    return (
      <WalletScreen title={title} intro={intro}>
        <Panel data={useLoaderData<TradeData>()} />
      </WalletScreen>
    );
  };
}
