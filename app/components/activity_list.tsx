/** A wallet's activity, each entry described in plain words. */
import { type Activity, describeActivity } from "../lib/activity.ts";
import { formatDateTime } from "../lib/format.ts";
import { TokenLogo } from "./token_logo.tsx";

/** The activity list; newest first as given. */
export function ActivityList(
  { activities }: { activities: readonly Activity[] },
) {
  if (activities.length === 0) {
    return <p className="empty">No activity yet.</p>;
  }
  return (
    <ol className="activity-list">
      {activities.map((a) => {
        const d = describeActivity(a);
        return (
          <li key={a.id} className={`activity activity-${d.status}`}>
            <TokenLogo url={d.imageUrl} symbol={d.title} size={36} />
            <div className="activity-text">
              <p className="activity-title">
                {d.title}
                {d.status !== "confirmed" && d.status !== "filled"
                  ? <span className="badge">{d.status.replace("_", " ")}</span>
                  : null}
              </p>
              <p className="activity-summary">{d.summary}</p>
              {d.detail ? <p className="muted">{d.detail}</p> : null}
            </div>
            <time
              className="muted activity-time"
              dateTime={new Date(a.timestamp * 1000).toISOString()}
            >
              {formatDateTime(a.timestamp)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
