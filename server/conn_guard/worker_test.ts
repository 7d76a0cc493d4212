import assert from "node:assert/strict";
import type { ConnectionGuard } from "./guard.ts";
import { startConnectionGuardWorker } from "./worker.ts";
import { flushLog, setLogSink } from "../log.ts";

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

Deno.test("on its Worker, the guard repeats marked answers, logs them through the main thread, and clears", async () => {
  let calls = 0;
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, () => {
    calls++;
    return new Response("png", { headers: { "x-guard-microcache": "2000", "content-type": "image/png" } });
  });
  const lines: string[] = [];
  const previous = setLogSink({
    write: (bytes) => Promise.resolve(lines.push(new TextDecoder().decode(bytes))),
    writeSync: (bytes) => lines.push(new TextDecoder().decode(bytes)),
  });
  const guard = await startConnectionGuardWorker({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
  });
  try {
    const url = `http://127.0.0.1:${guard.addr.port}/api/image/x`;
    for (let i = 0; i < 3; i++) {
      const response = await fetch(url);
      assert.equal(await response.text(), "png");
      assert.equal(response.headers.has("x-guard-microcache"), false);
    }
    assert.equal(calls, 1);
    await guard.clearMicrocache();
    await (await fetch(url)).text();
    assert.equal(calls, 2);
    assert.equal((await guard.stats()).microcacheHits, 2);
  } finally {
    await guard.close(1_000);
    await inner.shutdown();
    await flushLog();
    setLogSink(previous);
  }
  const hits = lines.join("").split("\n").filter((line) => line.includes('"msg":"request"'));
  assert.equal(hits.length, 2);
  assert.match(hits[0], /"method":"GET","path":"\/api\/image\/x","status":200,"ms":/);
});
