/** The frame of a screen: its heading and what it holds. */
import type { ReactNode } from "react";

/** A screen with a heading; the children are the screen's content. */
export function Screen({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <section className="screen">
      <h1>{title}</h1>
      {children}
    </section>
  );
}
