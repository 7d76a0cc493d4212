/**
 * The header's token search: a GET form to `/tokens?q=` (works without
 * JavaScript) with suggestions from the chain's top tokens, fetched once the
 * box gets focus (`app/lib/header_data.ts`, imported then, so the header
 * does not carry the GraphQL client). Submitting the exact symbol or name
 * of a suggested token opens that token's page.
 */
import { Form, useNavigate, useSearchParams } from "react-router";
import { useEffect, useId, useState } from "react";
import { chainFromUrl } from "../../lib/chains.ts";
import type { TokenRow } from "../lib/rows.ts";

/** Suggestions shown at most. */
const MAX_SUGGESTIONS = 8;

function SearchForm({ chain }: { chain: string }) {
  const id = useId();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [active, setActive] = useState(false);
  const [text, setText] = useState(search.get("q") ?? "");
  const gatewayChain = chainFromUrl(chain) ?? "ETHEREUM";
  const [loaded, setLoaded] = useState<{ chain: string; rows: TokenRow[] } | null>(null);
  useEffect(() => {
    if (!active) return;
    let current = true;
    import("../lib/header_data.ts")
      .then((m) => m.topTokenSuggestions(gatewayChain))
      .then((rows) => current && setLoaded({ chain: gatewayChain, rows }), () => {});
    return () => {
      current = false;
    };
  }, [active, gatewayChain]);
  const tokens = loaded?.chain === gatewayChain ? loaded.rows : [];
  const q = text.trim().toLowerCase();
  const suggestions = q
    ? tokens.filter((t) => t.symbol.toLowerCase().startsWith(q) || t.name.toLowerCase().includes(q))
      .slice(0, MAX_SUGGESTIONS)
    : [];
  return (
    <Form
      method="get"
      action="/tokens"
      role="search"
      aria-label="Tokens"
      className="search-form"
      onSubmit={(event) => {
        const exact = tokens.find((t) => t.symbol.toLowerCase() === q || t.name.toLowerCase() === q);
        if (exact) {
          event.preventDefault();
          navigate(exact.href);
        }
      }}
    >
      <label htmlFor={id} className="visually-hidden">Search tokens</label>
      <input
        id={id}
        type="search"
        name="q"
        placeholder="Search tokens"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onFocus={() => setActive(true)}
        list={`${id}-suggestions`}
        autoComplete="off"
      />
      <datalist id={`${id}-suggestions`}>
        {suggestions.map((t) => <option key={t.id} value={t.symbol}>{t.name}</option>)}
      </datalist>
      <input type="hidden" name="chain" value={chain} />
    </Form>
  );
}

/** The token search box of the header. */
export function TokenSearch({ chain }: { chain: string }) {
  const [search] = useSearchParams();
  return <SearchForm key={search.get("q") ?? ""} chain={chain} />;
}
