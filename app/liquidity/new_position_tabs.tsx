/**
 * The V4 / V3 / V2 switch above the new-position forms: the same pair (and fee
 * tier) carried over in the link.
 *
 * @module
 */
import { Link } from "react-router";
import type { NewPositionData } from "../lib/wallet_loaders.ts";

/** Links to the V4, V3 and V2 forms for the pair the screen was opened with (`current`: the form shown, if one). */
export function NewPositionTabs({ data, current }: { data: NewPositionData; current?: "v2" | "v3" | "v4" }) {
  const query = new URLSearchParams({ chain: data.chainName });
  if (data.input) query.set("currencyA", data.input);
  if (data.output) query.set("currencyB", data.output);
  if (data.fee) query.set("fee", String(data.fee));
  return (
    <nav className="segmented new-position-tabs" aria-label="Protocol version">
      {(["v4", "v3", "v2"] as const).map((v) => (
        <Link key={v} to={`/positions/create/${v}?${query}`} aria-current={v === current ? "page" : undefined}>
          {v.toUpperCase()}
        </Link>
      ))}
    </nav>
  );
}
