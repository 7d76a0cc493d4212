import assert from "node:assert/strict";
import { createRateLimiter } from "./rate_limit.ts";

Deno.test("a client gets its burst, then the sustained rate; clients are apart", () => {
  let t = 0;
  const limiter = createRateLimiter({ ratePerSecond: 2, burst: 3, now: () => t });
  assert.deepEqual([1, 2, 3].map(() => limiter.take("a").ok), [true, true, true]);
  assert.deepEqual(limiter.take("a"), { ok: false, retryAfterSeconds: 1 });
  assert.equal(limiter.take("b").ok, true, "another client has its own bucket");
  t += 500;
  assert.equal(limiter.take("a").ok, true, "one token after half a second at 2/s");
  assert.equal(limiter.take("a").ok, false);
  t += 10_000;
  assert.deepEqual(
    [1, 2, 3, 4].map(() => limiter.take("a").ok),
    [true, true, true, false],
    "refill stops at the burst",
  );
});

Deno.test("the number of remembered clients is bounded", () => {
  const t = 0;
  const limiter = createRateLimiter({ ratePerSecond: 1, burst: 1, maxClients: 2, now: () => t });
  assert.equal(limiter.take("a").ok, true);
  assert.equal(limiter.take("a").ok, false);
  limiter.take("b");
  limiter.take("c"); // "a" is forgotten
  assert.equal(limiter.take("a").ok, true);
});
