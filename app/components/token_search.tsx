/**
 * The header's token search: a GET form to `/tokens?q=` (works without
 * JavaScript) with suggestions from the chain's top tokens, fetched with
 * urql's `useQuery` once the box gets focus. Submitting the exact symbol or
 * name of a suggested token opens that token's page.
 */
import { Form, useNavigate, useSearchParams } from "react-router";
import { useId, useState } from "react";
import { useQuery } from "urql";
import { TopTokensQuery } from "../../queries/token.ts";
import { chainFromUrl } from "../../lib/chains.ts";
import { topTokenRows } from "../lib/rows.ts";
import { GatewayProvider } from "./gateway_provider.tsx";

/** Suggestions shown at most. */
const MAX_SUGGESTIONS = 8;

function SearchForm({ chain }: { chain: string }) {
  const id = useId();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const [active, setActive] = useState(false);
  const [text, setText] = useState(search.get("q") ?? "");
  const gatewayChain = chainFromUrl(chain) ?? "ETHEREUM";
  const [result] = useQuery({
    query: TopTokensQuery,
    variables: { chain: gatewayChain, page: 1, pageSize: 100, orderBy: "VOLUME" },
    pause: !active,
  });
  const tokens = topTokenRows(result.data?.topTokens ?? null);
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
  return (
    <GatewayProvider>
      <SearchForm key={search.get("q") ?? ""} chain={chain} />
    </GatewayProvider>
  );
}
