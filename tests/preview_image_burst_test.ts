/**
 * A burst of uncached share images whose clients leave costs nothing, through
 * the real service (connection guard included): their render places come
 * back at once, and the next burst gets no `503` (issue 35).
 *
 * @module
 */
import assert from "node:assert/strict";
import { startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";

function address(n: number): string {
  return "0x" + (0x5000 + n).toString(16).padStart(40, "0");
}

Deno.test({
  name: "a burst of uncached images whose clients left frees every place; the next burst gets no 503",
  sanitizeOps: false,
  sanitizeResources: false,
  async fn() {
    const gateway = await startFakeGateway({
      Token: (variables) => ({
        data: {
          token: {
            id: `t${variables.address}`,
            chain: "ETHEREUM",
            address: variables.address,
            symbol: "BRST",
            name: "Burst token",
            decimals: 18,
            standard: "ERC20",
            market: null,
            project: { id: "p", name: "Burst", logoUrl: null, safetyLevel: null, isSpam: false },
          },
        },
      }),
    });
    // 2 workers + 14 waiting places: a burst of 16 takes them all while the gateway is slow.
    const server = await startServer({
      GRAPHQL_URL: gateway.url,
      RENDER_WORKERS: "2",
      RENDER_QUEUE: "14",
      QUERY_CACHE_SECONDS: "0",
      // each request its own client (X-Forwarded-For), so no client's budget holds the burst back: it takes every place
      TRUST_PROXY: "1",
    });
    try {
      const image = (n: number, signal?: AbortSignal) =>
        fetch(`${server.url}/api/image/tokens/ethereum/${address(n)}`, {
          signal,
          headers: { "x-forwarded-for": `10.0.0.${n}` },
        });
      gateway.delayMs = 1500;
      const controllers = Array.from({ length: 16 }, () => new AbortController());
      const left = controllers.map((c, i) => image(i, c.signal).catch(() => null));
      // Every request of the burst has reached the gateway: each holds a render place, none is left.
      while ((gateway.calls.get("Token") ?? 0) < 16) await new Promise((r) => setTimeout(r, 10));
      const full = await image(99);
      await full.body?.cancel();
      assert.equal(full.status, 503, "the burst did not take every place");
      for (const c of controllers) c.abort();
      await Promise.all(left);
      gateway.delayMs = 0;
      // At once (well before the 1.5 s lookups of the burst end), a new burst gets every place.
      const next = await Promise.all(Array.from({ length: 16 }, (_, i) => image(100 + i)));
      const statuses = next.map((r) => r.status);
      for (const r of next) await r.body?.cancel();
      assert.deepEqual(statuses, Array(16).fill(200), `the next burst got ${statuses.join(",")}`);
      assert.equal(server.output.filter((line) => line.includes("render queue full")).length, 1, "only the probe");
    } finally {
      await server.stop();
      await gateway.close();
    }
  },
});

/** Command lines of the processes under `pid` (children and theirs). */
function descendants(pid: number): string[] {
  const lines: string[] = [];
  for (const entry of Deno.readDirSync("/proc")) {
    if (!/^\d+$/.test(entry.name)) continue;
    try {
      const stat = Deno.readTextFileSync(`/proc/${entry.name}/stat`);
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
      lines.push(Deno.readTextFileSync(`/proc/${entry.name}/cmdline`).replaceAll("\0", " "));
      lines.push(...descendants(Number(entry.name)));
    } catch {
      // gone meanwhile
    }
  }
  return lines;
}

Deno.test({
  name: "an idle demo instance holds no render worker; the first image starts one (issue 31's idle memory)",
  sanitizeOps: false,
  sanitizeResources: false,
  ignore: Deno.build.os !== "linux",
  async fn() {
    const server = await startServer({});
    try {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.deepEqual(descendants(server.pid).filter((line) => line.includes("render_worker.ts")), []);
      const image = await fetch(`${server.url}/api/image/tokens/ethereum/0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984`);
      assert.equal(image.status, 200);
      await image.body?.cancel();
      assert.equal(descendants(server.pid).filter((line) => line.includes("render_worker.ts")).length, 1);
    } finally {
      await server.stop();
    }
  },
});
