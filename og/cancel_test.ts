/**
 * Requests whose clients have gone cost nothing (issue 35): their render
 * places are freed at once, a card nobody waits for is neither looked up
 * further nor drawn, a job still queued for a worker leaves the queue, and
 * the next requests get places (no `503`). A card shared with a request still
 * waiting is drawn for it.
 *
 * @module
 */
import assert from "node:assert/strict";
import { createImageHandler, type ImageTarget } from "./mod.ts";
import { FixturePreviews, MemoryImageCache, sleep } from "./test_helpers.ts";
import { STATIC_DIR } from "./paths.ts";

function address(n: number): string {
  return "0x" + n.toString(16).padStart(40, "0");
}

function setup(queue: number) {
  const previews = new FixturePreviews();
  for (let n = 1; n <= 64; n++) {
    previews.tokens.set(`ethereum/${address(n)}`, { symbol: `T${n}`, name: `Token ${n}`, logoUrl: null });
  }
  const renders: ImageTarget[] = [];
  const cache = new MemoryImageCache();
  const handler = createImageHandler({
    previews,
    cache,
    staticDir: STATIC_DIR,
    logoAllowedHosts: [],
    workers: 1,
    queue,
    onRender: (target) => renders.push(target),
  });
  const get = (n: number, signal?: AbortSignal) =>
    handler(new Request(`http://localhost/api/image/tokens/ethereum/${address(n)}`, { signal }), {
      kind: "token",
      chainName: "ethereum",
      address: address(n),
    });
  return { previews, renders, cache, handler, get };
}

/** Resolves once `check` holds (polled; the test's own safety net is Deno's test timeout). */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await sleep(5);
}

Deno.test("a burst whose clients have gone frees its places at once and draws nothing; the next burst gets no 503", async () => {
  const t = setup(7);
  try {
    await t.handler.warm();
    t.previews.delayMs = 400;
    const controllers = Array.from({ length: 8 }, () => new AbortController());
    const gone = controllers.map((c, i) => t.get(i + 1, c.signal));
    await until(() => t.handler.stats().admitted === 8);
    for (const c of controllers) c.abort();
    // Every place comes back without waiting for the lookups under way.
    await until(() => t.handler.stats().admitted === 0);
    await Promise.all(gone.map((r) => r.then((response) => response.body?.cancel())));
    t.previews.delayMs = 0;
    const next = await Promise.all(Array.from({ length: 8 }, (_, i) => t.get(i + 20)));
    assert.deepEqual(next.map((r) => r.status), Array(8).fill(200), "the next burst got every place");
    for (const r of next) await r.body?.cancel();
    assert.equal(
      t.renders.filter((target) => Number(target.address) <= 8).length,
      0,
      "a card nobody waits for is not drawn",
    );
  } finally {
    await t.handler.close();
  }
});

Deno.test("jobs queued for the worker leave the queue when their clients go; one a client still waits for is drawn", async () => {
  const t = setup(32);
  try {
    await t.handler.warm();
    const controllers = Array.from({ length: 12 }, () => new AbortController());
    const gone = controllers.map((c, i) => t.get(i + 1, c.signal));
    // Another client waits for card 12 too: it shares that card's render.
    const stays = t.get(12);
    await until(() => t.handler.stats().waiting >= 6);
    for (const c of controllers) c.abort();
    const kept = await stays;
    assert.equal(kept.status, 200);
    assert.equal(kept.headers.get("content-type"), "image/png");
    await kept.body?.cancel();
    await Promise.all(gone.map((r) => r.then((response) => response.body?.cancel())));
    const stats = t.handler.stats();
    assert.ok(stats.cancelled >= 5, `only ${stats.cancelled} queued jobs were dropped`);
    assert.equal(stats.waiting, 0);
    assert.equal(stats.admitted, 0);
    // Only those a worker had taken (card 12 among them) were drawn (and cached).
    await until(() => t.cache.writes >= 12 - stats.cancelled);
    assert.equal(t.cache.writes, 12 - stats.cancelled, `${t.cache.writes} drawn, ${stats.cancelled} dropped`);
  } finally {
    await t.handler.close();
  }
});
