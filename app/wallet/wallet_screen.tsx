/**
 * The frame of a wallet screen (swap, send): heading, intro and the panel.
 *
 * @module
 */
import type { ComponentType, ReactNode } from "react";
import { useLoaderData } from "react-router";
import type { TradeData } from "../lib/trade_loader.ts";

/** A screen with a heading, an intro and a wallet panel. */
export function WalletScreen({ title, intro, children }: { title: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <section className="screen trade" style={{ overflowWrap: "anywhere" }}>
      <h1 style={{ textAlign: "center" }}>{title}</h1>
      {intro ? <p className="muted" style={{ textAlign: "center" }}>{intro}</p> : null}
      {children}
    </section>
  );
}

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
