/**
 * Pieces of the swap panel: the settings (auto or custom slippage,
 * deadline, unlimited approval) and the price-impact warning with the
 * acknowledgement a 15 %+ impact needs before the swap can be sent.
 *
 * @module
 */
import {
  formatImpact,
  IMPACT_ACK_BPS,
  IMPACT_WARN_BPS,
  impactAcknowledgement,
  type SlippageCheck,
  WARN_SLIPPAGE_BPS,
} from "../lib/trade_math.ts";
import { Callout } from "../components/controls/detail_rows.tsx";
import { TextInput, Toggle } from "../components/controls/fields.tsx";

/** The settings of a swap, folded under one line that says them. */
export function SwapSettings(
  props: {
    /** The auto slippage of the current trade, in basis points. */
    autoBps: number;
    /** The typed slippage (percent), or `null` for auto. */
    custom: string | null;
    onCustom: (text: string | null) => void;
    slippage: SlippageCheck;
    deadlineText: string;
    onDeadline: (text: string) => void;
    deadline: { ok: true } | { ok: false; error: string };
    unlimited: boolean;
    onUnlimited: (on: boolean) => void;
  },
) {
  const { slippage, custom } = props;
  return (
    <>
      <details className="trade-box trade-settings">
        <summary>
          Settings: slippage{" "}
          {custom === null ? `auto (${props.autoBps / 100}%)` : slippage.ok ? `${slippage.bps / 100}%` : "invalid"},
          deadline {props.deadlineText} min
        </summary>
        <Toggle
          label="Auto slippage (from the trade's network fee, 0.5% to 5.5%)"
          checked={custom === null}
          onChange={(on) => props.onCustom(on ? null : String(props.autoBps / 100))}
          testId="auto-slippage"
        />
        {custom !== null
          ? (
            <TextInput
              label="Slippage tolerance (%)"
              inputMode="decimal"
              value={custom}
              error={slippage.ok ? null : slippage.error}
              onChange={(e) => props.onCustom(e.currentTarget.value)}
            />
          )
          : null}
        <TextInput
          label="Deadline (minutes)"
          inputMode="numeric"
          value={props.deadlineText}
          error={props.deadline.ok ? null : props.deadline.error}
          onChange={(e) => props.onDeadline(e.currentTarget.value)}
        />
        <Toggle
          label="Permit an unlimited amount for 30 days (default: exactly this trade)"
          checked={props.unlimited}
          onChange={props.onUnlimited}
        />
      </details>
      {slippage.ok && slippage.warning
        ? (
          <Callout
            tone="warning"
            title={slippage.bps > WARN_SLIPPAGE_BPS ? "High slippage" : "Very low slippage"}
            testId="slippage-warning"
          >
            {slippage.warning}
          </Callout>
        )
        : null}
    </>
  );
}

/**
 * The warning of a price impact of 5 % or more, naming it; from 15 % it
 * holds the box to tick ("I accept losing about 48.7%") without which the
 * swap cannot be sent.
 */
export function ImpactWarning(
  { impact, accepted, onAccept }: {
    impact: number | null;
    accepted: boolean;
    onAccept: (accepted: boolean) => void;
  },
) {
  if (impact === null || impact < IMPACT_WARN_BPS) return null;
  const severe = impact >= IMPACT_ACK_BPS;
  return (
    <Callout
      tone={severe ? "danger" : "warning"}
      title={`Price impact ${formatImpact(impact)}`}
      testId="impact-warning"
    >
      This trade moves the price against you: you get about {formatImpact(impact)}{" "}
      less than the market rate.{severe ? " A smaller amount loses less." : ""}
      {severe
        ? (
          <label className="impact-ack">
            <input type="checkbox" checked={accepted} onChange={(e) => onAccept(e.currentTarget.checked)} />{" "}
            {impactAcknowledgement(impact)}
          </label>
        )
        : null}
    </Callout>
  );
}
