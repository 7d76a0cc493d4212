/**
 * The swap panel as the token and pool pages embed it (loaded lazily by
 * `trade_card.tsx`): the page's tokens and the chain's top tokens (one
 * `TopTokens` call through the same-origin `/graphql`), the page's token or
 * pair preselected.
 *
 * @module
 */
import { useEffect, useMemo, useState } from "react";
import { type Chain, chainLabel, chainUrlName, tokenHref } from "../../lib/chains.ts";
import { getBrowserClient } from "../../queries/client.ts";
import { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";
import { fetchTopTokens } from "../lib/explore_data.ts";
import { type TokenOption, tokenOptionKey, topTokenOption, type TradeData } from "../lib/trade_loader.ts";
import { SwapPanel } from "./swap_panel.tsx";
import type { TradeCardToken } from "./trade_card_token.ts";

/**
 * The panel's data: the page's tokens first, then the top tokens it lacks;
 * `pay` defaults to the first token that is not `receive`.
 */
export function embeddedTradeData(
  chain: Chain,
  tokens: { readonly own: readonly TradeCardToken[]; readonly top: readonly TokenOption[] },
  preselect: { readonly pay: string | null; readonly receive: string | null },
): TradeData {
  const own: TokenOption[] = tokens.own.map((t) => ({
    key: tokenOptionKey(t.address),
    symbol: t.symbol,
    name: t.name,
    logoUrl: t.logoUrl,
    price: t.price,
    href: tokenHref(chain, t.address),
  }));
  const all = [...own, ...tokens.top.filter((t) => !own.some((o) => o.key === t.key))];
  const receive = preselect.receive === null ? null : tokenOptionKey(preselect.receive);
  const pay = preselect.pay === null ? all.find((t) => t.key !== receive)?.key ?? null : tokenOptionKey(preselect.pay);
  return {
    chain,
    chainName: chainUrlName(chain),
    chainLabel: chainLabel(chain),
    tokens: { ok: true, data: all },
    complete: true,
    input: pay,
    output: receive,
    params: {},
  };
}

/** The embedded swap panel; `onLoaded` once it shows. */
export function EmbeddedSwap(
  { chain, tokens, pay, receive, onLoaded }: {
    chain: Chain;
    tokens: readonly TradeCardToken[];
    pay: string | null;
    receive: string | null;
    onLoaded: () => void;
  },
) {
  // The chain's top tokens, for the pickers (the page's own tokens alone if the gateway fails).
  const [top, setTop] = useState<readonly TokenOption[] | null>(null);
  useEffect(() => {
    let live = true;
    fetchTopTokens(getBrowserClient(BROWSER_GRAPHQL_PATH), chain).then(
      (rows) => {
        if (!live) return;
        setTop(rows.map(topTokenOption));
      },
      () => live && setTop([]),
    );
    return () => {
      live = false;
    };
  }, [chain]);
  const ownKey = tokens.map((t) => t.address).join();
  // The page passes a new array on each render: the tokens change only when their addresses do.
  const own = useMemo(() => tokens, [ownKey]);
  const data = useMemo(
    () => (top === null ? null : embeddedTradeData(chain, { own, top }, { pay, receive })),
    [chain, own, top, pay, receive],
  );
  useEffect(() => {
    if (data) onLoaded();
  }, [data !== null, onLoaded]);
  return data ? <SwapPanel data={data} /> : null;
}
