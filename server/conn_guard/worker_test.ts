import assert from "node:assert/strict";
import type { ConnectionGuard } from "./guard.ts";
import { startConnectionGuardWorker } from "./worker.ts";

Deno.test("the guard on its Worker relays, tells the client synchronously, reports and closes", async () => {
  let guard: ConnectionGuard | null = null;
  const seen: string[] = [];
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request, info) => {
    seen.push(guard?.clientOf(info.remoteAddr.port)?.hostname ?? "unknown");
    return new Response(`hello ${new URL(request.url).pathname}`);
  });
  const started: ConnectionGuard = await startConnectionGuardWorker({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
  });
  guard = started;
  try {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(`http://127.0.0.1:${started.addr.port}/w${i}`);
      assert.equal(await response.text(), `hello /w${i}`);
    }
    assert.deepEqual(seen, ["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
    const stats = await started.stats();
    assert.ok(stats.accepted >= 1);
  } finally {
    await started.close(1_000);
    await inner.shutdown();
  }
});

Deno.test("a port in use is the same Deno.errors class on the main thread", async () => {
  const taken = Deno.listen({ hostname: "127.0.0.1", port: 0 });
  try {
    await assert.rejects(
      startConnectionGuardWorker({
        hostname: "127.0.0.1",
        port: taken.addr.port,
        upstream: { hostname: "127.0.0.1", port: 9 },
      }),
      Deno.errors.AddrInUse,
    );
  } finally {
    taken.close();
  }
});
