/**
 * The fee tier chooser of a new V3 position: one card per tier (a radio
 * group: arrows move between them) with its fee, what it suits, its pool's
 * TVL or "No pool yet", and "Most used" on the pair's deepest pool.
 *
 * @module
 */
import { formatUsd } from "../lib/format.ts";
import type { TierChoice } from "./fee_tiers.ts";

/** The tiers of `choices`, `fee` chosen; `undefined` choices: the pools are being read. */
export function FeeTierChooser(
  { fee, choices, reading, onFee }: {
    fee: number;
    choices: readonly TierChoice[];
    reading: boolean;
    onFee: (fee: number) => void;
  },
) {
  const move = (from: number, step: number) => {
    const next = choices[(from + step + choices.length) % choices.length];
    if (next) onFee(next.fee);
  };
  return (
    <div className="fee-tiers" role="radiogroup" aria-label="Fee tier" data-testid="fee-tiers">
      {choices.map((c, i) => (
        <button
          key={c.fee}
          type="button"
          role="radio"
          aria-checked={c.fee === fee}
          tabIndex={c.fee === fee ? 0 : -1}
          className="fee-tier"
          data-fee={c.fee}
          data-testid="fee-tier"
          onClick={() => onFee(c.fee)}
          onKeyDown={(e) => {
            if (e.key === "ArrowRight" || e.key === "ArrowDown") (e.preventDefault(), move(i, 1));
            if (e.key === "ArrowLeft" || e.key === "ArrowUp") (e.preventDefault(), move(i, -1));
          }}
        >
          <span className="fee-tier-head">
            <strong>{c.label}</strong>
            {c.mostUsed ? <span className="badge fee-tier-most" data-testid="most-used">Most used</span> : null}
          </span>
          <span className="fee-tier-hint">{c.hint}</span>
          <span className="fee-tier-tvl" data-testid="fee-tier-tvl">
            {reading ? "Reading…" : c.hasPool ? `${c.tvlUsd === null ? "–" : formatUsd(c.tvlUsd)} TVL` : "No pool yet"}
          </span>
        </button>
      ))}
    </div>
  );
}
