import assert from "node:assert/strict";
import { createClientActivity } from "../http/render_budget.ts";
import { compose } from "./compose.ts";
import { clientActivity } from "./client_activity.ts";

Deno.test("clientActivity: every request notes its client; another client within the window makes it shared", async () => {
  let now = 0;
  const activity = createClientActivity(2_000, () => now);
  const handle = compose([
    clientActivity(activity, (request) => request.headers.get("x-client") ?? "?"),
    () => Promise.resolve(new Response("ok")),
  ]);
  const ask = (client: string) => handle(new Request("http://app.test/", { headers: { "x-client": client } }));
  await ask("a");
  assert.equal(activity.shared("a"), false);
  await ask("b");
  assert.equal(activity.shared("a"), true);
  assert.equal(activity.shared("b"), true);
  now = 2_001;
  await ask("a");
  assert.equal(activity.shared("a"), false);
});
