/** A grid of labelled figures (TVL, market cap, volume...). */
import type { ReactNode } from "react";

/** One figure of a stats grid. */
export interface Stat {
  readonly label: string;
  readonly value: ReactNode;
  /** Optional line under the value (e.g. a change). */
  readonly note?: ReactNode;
}

/** Stats as a description list laid out as a responsive grid. */
export function StatsGrid(
  { stats, title = "Stats" }: { stats: readonly Stat[]; title?: string },
) {
  return (
    <section className="stats" aria-label={title}>
      <h2>{title}</h2>
      <dl className="stats-grid">
        {stats.map((s) => (
          <div key={s.label} className="stat">
            <dt>{s.label}</dt>
            <dd>
              <span className="stat-value">{s.value}</span>
              {s.note ? <span className="stat-note">{s.note}</span> : null}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
