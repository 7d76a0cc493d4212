/** A wallet's activity, each entry described in plain words. */
import { type Activity, describeActivity } from "../lib/activity.ts";
import { Time } from "./time.tsx";
import { TokenLogo } from "./token_logo.tsx";

/**
 * The activity list; newest first as given, each entry with how long ago it
 * was (relative to `now`, in milliseconds; the full date and time is the
 * entry's title).
 */
export function ActivityList(
  { activities, now }: { activities: readonly Activity[]; now?: number },
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
            <Time className="muted activity-time" timestamp={a.timestamp} relative now={now} />
          </li>
        );
      })}
    </ol>
  );
}
