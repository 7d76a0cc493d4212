/**
 * The route modules' screen of the read-only trade frames (`app/README.md`, route modules).
 *
 * Kept apart from the screens so that the screen modules export components
 * only, and React Fast Refresh swaps an edited screen in place (`deno task dev`).
 *
 * @module
 */
import { useLoaderData } from "react-router";
import type { TradeData } from "../lib/trade_loader.ts";
import { type TradeMode, TradeScreen } from "./trade_screen.tsx";

/** The route module's screen of a read-only trade frame on `loadTrade`'s data (`app/README.md`, route modules). */
export function tradeRoute(screen: { mode: TradeMode; title: string; intro: string }) {
  return function TradeRoute() {
    return <TradeScreen data={useLoaderData<TradeData>()} {...screen} />;
  };
}
