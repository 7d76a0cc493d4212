/**
 * Live activity: subscribes to `onAssetActivity` for the wallet over the
 * gateway's WebSocket (graphql-ws) in the browser and lists new activity
 * above the loaded list. Nothing runs on the server.
 */
import { useEffect, useState } from "react";
import { stringifyDocument } from "@urql/core";
import { OnAssetActivitySubscription } from "../../queries/activity.ts";
import type { Activity } from "../lib/activity.ts";
import { ActivityList } from "./activity_list.tsx";

/** Live status and new activity of a wallet. */
export function LiveActivity(
  { wsUrl, address, known }: { wsUrl: string; address: string; known: readonly Activity[] },
) {
  const [fresh, setFresh] = useState<Activity[]>([]);
  const [status, setStatus] = useState<"connecting" | "live" | "offline">("connecting");
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    import("graphql-ws").then(({ createClient }) => {
      if (disposed) return;
      // `wsUrl` is the same-origin path of the service's relay: ws(s):// on this page's origin.
      const url = new URL(wsUrl, location.href);
      if (url.protocol === "http:" || url.protocol === "https:") url.protocol = url.protocol.replace("http", "ws");
      const client = createClient({ url: url.href, lazy: false, retryAttempts: 3 });
      const unsubscribe = client.subscribe<{ onAssetActivity: Activity | null }>(
        {
          query: stringifyDocument(OnAssetActivitySubscription),
          variables: { subscriptionId: crypto.randomUUID(), account: address },
        },
        {
          next(result) {
            setStatus("live");
            const activity = result.data?.onAssetActivity;
            if (activity) {
              setFresh((list) => list.some((a) => a.id === activity.id) ? list : [activity, ...list]);
            }
          },
          error() {
            setStatus("offline");
          },
          complete() {},
        },
      );
      client.on("connected", () => setStatus("live"));
      client.on("closed", () => setStatus((s) => (s === "live" ? "offline" : s)));
      dispose = () => {
        unsubscribe();
        client.dispose();
      };
    }).catch(() => setStatus("offline"));
    return () => {
      disposed = true;
      dispose();
    };
  }, [wsUrl, address]);
  const knownIds = new Set(known.map((a) => a.id));
  const newOnes = fresh.filter((a) => !knownIds.has(a.id));
  return (
    <div className="live-activity">
      <p className="muted" role="status">
        <span className={`live-dot live-${status}`} aria-hidden="true" /> {status === "live"
          ? "Live updates on"
          : status === "connecting"
          ? "Connecting for live updates…"
          : "Live updates unavailable"}
      </p>
      {newOnes.length ? <ActivityList activities={newOnes} /> : null}
    </div>
  );
}
