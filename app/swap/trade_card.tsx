/**
 * The trade card of the token and pool pages: the live swap panel
 * (`swap_panel.tsx`) with the page's token or pair preselected.
 *
 * The panel and its libraries (viem, wagmi: about 300 KB) load only when the
 * visitor shows an intent: the pointer enters the card, focus moves into it,
 * "Swap here" is pressed, or this browser connected a wallet before. Until
 * then, and in the server render and the hydration render, the card is plain
 * HTML (a "Swap here" button and a link to `/swap`), so the page renders and
 * hydrates the same with or without a wallet. Crawlers get the preview
 * document, which has no scripts at all (`server/previews/crawler.ts`).
 *
 * @module
 */
import { lazy, Suspense, useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import type { Chain } from "../../lib/chains.ts";
import { connectedBefore } from "../wallet/wallet_intent.ts";
import type { TradeCardToken } from "./trade_card_token.ts";

/** Props of {@linkcode TradeCard}. */
export interface TradeCardProps {
  /** The card's heading: "Trade UNI". */
  readonly title: string;
  readonly chain: Chain;
  /** The page's own tokens, offered beside the chain's top tokens. */
  readonly tokens: readonly TradeCardToken[];
  /** Preselected keys (`NATIVE` or an address); `pay` `null`: the first top token that is not `receive`. */
  readonly pay: string | null;
  readonly receive: string | null;
  /** The swap screen with the same preselection, for the plain card. */
  readonly swapHref: string;
}

const EmbeddedSwap = lazy(() => import("./embedded_swap.tsx").then((m) => ({ default: m.EmbeddedSwap })));

/** The token or pool page's trade card. */
export function TradeCard({ title, chain, tokens, pay, receive, swapHref }: TradeCardProps) {
  const id = useId();
  const [wanted, setWanted] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const want = useCallback(() => setWanted(true), []);
  const onLoaded = useCallback(() => setLoaded(true), []);
  useEffect(() => {
    if (connectedBefore()) setWanted(true);
  }, []);
  return (
    <section
      className="card trade-panel"
      aria-labelledby={`${id}-title`}
      data-testid="trade-card"
      onPointerEnter={want}
      onFocus={want}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {wanted
        ? (
          <Suspense fallback={null}>
            <EmbeddedSwap chain={chain} tokens={tokens} pay={pay} receive={receive} onLoaded={onLoaded} />
          </Suspense>
        )
        : null}
      {/* Stays in place while the panel loads, so a click on it is never lost to a re-render. */}
      {loaded ? null : (
        <>
          <p className="muted">Swap with your wallet right here, at the chain's best quote.</p>
          <button type="button" className="button wide" onClick={want} disabled={wanted}>
            {wanted ? "Loading the swap…" : "Swap here"}
          </button>
          <p>
            <Link to={swapHref}>Open the swap screen</Link>
          </p>
        </>
      )}
    </section>
  );
}
