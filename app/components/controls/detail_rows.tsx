/**
 * Label/value rows of a quote or a summary (a `<dl>`), each value optionally
 * coloured by its tone.
 *
 * @module
 */
import type { ReactNode } from "react";

/** How a value reads: plain, worth a look, a warning, a danger, or good news. */
export type Tone = "neutral" | "notice" | "warning" | "danger" | "positive";

/** One row. */
export interface DetailRow {
  readonly label: ReactNode;
  readonly value: ReactNode;
  readonly tone?: Tone;
  /** `data-testid` of the value. */
  readonly testId?: string;
  /** A second line under the value (e.g. its USD worth). */
  readonly note?: ReactNode;
}

/** The rows; `null` entries are skipped so callers can write conditions inline. */
export function DetailRows(
  { rows, testId, className }: {
    rows: readonly (DetailRow | null | false | undefined)[];
    testId?: string;
    className?: string;
  },
) {
  return (
    <dl className={["control-details", className ?? ""].filter(Boolean).join(" ")} data-testid={testId}>
      {rows.map((row, i) =>
        row
          ? (
            <div className="control-detail" key={i}>
              <dt>{row.label}</dt>
              <dd className={`control-tone-${row.tone ?? "neutral"}`} data-testid={row.testId} data-tone={row.tone}>
                <span className="control-detail-value">{row.value}</span>
                {row.note ? <span className="control-detail-note">{row.note}</span> : null}
              </dd>
            </div>
          )
          : null
      )}
    </dl>
  );
}

/** A block message of a tone: a notice, a warning or a danger, with an optional title. */
export function Callout(
  { tone, title, children, testId, alert }: {
    tone: Exclude<Tone, "neutral">;
    title?: ReactNode;
    children?: ReactNode;
    testId?: string;
    /** Announce it at once (`role="alert"`) instead of politely. */
    alert?: boolean;
  },
) {
  return (
    <div className={`control-callout control-tone-${tone}`} role={alert ? "alert" : "status"} data-testid={testId}>
      {title ? <strong>{title}</strong> : null}
      {children}
    </div>
  );
}
