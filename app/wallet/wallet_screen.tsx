/**
 * The frame of a wallet screen (swap, send): heading, intro and the panel.
 *
 * @module
 */
import type { ReactNode } from "react";

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
