import assert from "node:assert/strict";
import { setLogSink } from "../log.ts";
import { compose, type Middleware } from "./compose.ts";
import { pageBudget } from "./page_budget.ts";

Deno.test("pageBudget: a client's renders past its budget are 429 with Retry-After; a slot frees when the body ends", async () => {
  const previous = setLogSink({ write: () => Promise.resolve(), writeSync: () => {} });
  const bodies: ReadableStreamDefaultController<Uint8Array>[] = [];
  const page: Middleware = () =>
    Promise.resolve(
      new Response(new ReadableStream<Uint8Array>({ start: (c) => void bodies.push(c) }), {
        headers: { "content-type": "text/html; charset=utf-8" },
      }),
    );
  const handle = compose([pageBudget((r) => r.headers.get("x-client") ?? "?", { inFlight: 2, waiting: 0 }), page]);
  const ask = (client: string) => handle(new Request("http://app.test/", { headers: { "x-client": client } }));
  // Another client is rendering: the limits apply (a client alone is never refused).
  const other = await ask("b");
  const [one, two] = [await ask("a"), await ask("a")];
  const refused = await ask("a");
  assert.equal(refused.status, 429);
  assert.equal(refused.headers.get("retry-after"), "2");
  assert.match(await refused.text(), /try again/);
  // The other client renders meanwhile.
  assert.equal((await ask("b")).status, 200);
  await other.body!.cancel();
  // The first render's body ends: its slot is free again.
  bodies[1].enqueue(new TextEncoder().encode("<html>"));
  bodies[1].close();
  assert.equal(await one.text(), "<html>");
  const four = await ask("a");
  assert.equal(four.status, 200);
  assert.equal((await ask("a")).status, 429);
  // A cancelled body frees its slot too.
  await two.body!.cancel();
  assert.equal((await ask("a")).status, 200);
  await four.body!.cancel();
  setLogSink(previous);
});
