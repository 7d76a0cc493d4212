import assert from "node:assert/strict";
import { decodePixels, solidPng } from "../test_helpers.ts";
import { createRenderPool } from "./render_pool.ts";
import { encodeFrame, readFrames } from "./render_worker.ts";
import { STATIC_DIR } from "../paths.ts";

const TOKEN = {
  kind: "token",
  chainName: "base",
  name: "Pool test",
  symbol: "PTT",
  logo: null,
  emojiSet: "twemoji",
  dynamicAssets: false,
} as const;

Deno.test("frames survive any split of the byte stream", async () => {
  const messages = [{ a: 1 }, { png: new Uint8Array(70_000).fill(7), id: 2 }, { text: "é" }];
  const bytes = new Uint8Array(messages.map(encodeFrame).reduce((n, f) => n + f.length, 0));
  let at = 0;
  for (const frame of messages.map(encodeFrame)) {
    bytes.set(frame, at);
    at += frame.length;
  }
  for (const chunk of [1, 3, 4096, bytes.length]) {
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += chunk) controller.enqueue(bytes.slice(i, i + chunk));
        controller.close();
      },
    });
    const read = [];
    for await (const message of readFrames(stream)) read.push(message);
    assert.deepEqual(read, messages, `chunks of ${chunk}`);
  }
});

Deno.test("admit hands out workers + queue places and takes them back", () => {
  const pool = createRenderPool({ workers: 2, queue: 1, timeoutMs: 1000, staticDir: STATIC_DIR });
  const releases = [pool.admit(), pool.admit(), pool.admit()];
  assert.ok(releases.every((release) => release !== null));
  assert.equal(pool.admit(), null);
  releases[0]!();
  releases[0]!(); // twice is once
  assert.equal(pool.stats().admitted, 2);
  assert.notEqual(pool.admit(), null);
  assert.equal(pool.admit(), null);
  assert.throws(() => createRenderPool({ workers: 0, queue: 1, timeoutMs: 1, staticDir: STATIC_DIR }), /integer >= 1/);
});

Deno.test("a pool of worker processes draws cards; close kills them and refuses more", async () => {
  const pool = createRenderPool({ workers: 1, queue: 4, timeoutMs: 20_000, staticDir: STATIC_DIR, warmWorkers: false });
  try {
    const info = await pool.warm();
    console.log(`render worker drew with ${info.name}`);
    const [a, b] = await Promise.all([pool.run(TOKEN), pool.run({ ...TOKEN, name: "Second" })]);
    assert.equal(decodePixels(a.png).width, 1200);
    assert.equal(decodePixels(b.png).height, 630);
    assert.ok(a.timings && a.timings.satoriMs >= 0);
    assert.equal(pool.stats().workers, 1);
  } finally {
    await pool.close();
  }
  assert.equal(pool.stats().workers, 0);
  await assert.rejects(pool.run(TOKEN), /closed/);
});

Deno.test("inline pools draw on the calling thread (hosts without processes)", async () => {
  const pool = createRenderPool({ workers: 1, queue: 1, timeoutMs: 1000, staticDir: STATIC_DIR, inline: true });
  try {
    const output = await pool.run(TOKEN);
    assert.equal(decodePixels(output.png).width, 1200);
    assert.equal(pool.stats().inline, true);
    assert.equal(pool.stats().workers, 0);
  } finally {
    await pool.close();
  }
});

/** A pool card with two 256 px logos (decoded and scaled in the worker). */
function poolJob(n: number) {
  const logo = (r: number) => ({
    bytes: solidPng({ r, g: 40, b: 90 }, 256),
    type: "png" as const,
    width: 256,
    height: 256,
  });
  return {
    kind: "pool",
    chainName: "ethereum",
    pool: { token0Symbol: `A${n}`, token1Symbol: "B", feeTier: 3000, protocolVersion: "V3" },
    logo0: logo(n % 255),
    logo1: logo(200),
    emojiSet: "twemoji",
    dynamicAssets: false,
  } as const;
}

Deno.test("workers start on demand, one per waiting card, and retire when idle", async () => {
  const pool = createRenderPool({
    workers: 2,
    queue: 4,
    timeoutMs: 20_000,
    staticDir: STATIC_DIR,
    warmWorkers: false,
    idleMs: 400,
  });
  try {
    assert.equal(pool.stats().workers, 0, "no worker before the first card");
    const first = await pool.run(TOKEN);
    assert.equal(decodePixels(first.png).width, 1200);
    assert.equal(pool.stats().workers, 1, "one card started one worker");
    // Two cards at once, one worker idle: at most one more starts.
    await Promise.all([pool.run(TOKEN), pool.run({ ...TOKEN, name: "Other" })]);
    assert.ok(pool.stats().workers <= 2);
    const deadline = Date.now() + 5000;
    while (pool.stats().workers > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(pool.stats().workers, 0, "idle workers retired");
    assert.ok(pool.stats().retired >= 1);
    // The next card starts a worker again.
    assert.equal(decodePixels((await pool.run(TOKEN)).png).height, 630);
    assert.equal(pool.stats().workers, 1);
  } finally {
    await pool.close();
  }
});

Deno.test("warm starts the workers now; they retire when idle like the others", async () => {
  const pool = createRenderPool({ workers: 1, queue: 1, timeoutMs: 20_000, staticDir: STATIC_DIR, idleMs: 300 });
  try {
    await pool.warm();
    assert.equal(pool.stats().workers, 1);
    const deadline = Date.now() + 8000;
    while (pool.stats().workers > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    assert.equal(pool.stats().workers, 0);
    await pool.warm();
    assert.equal(pool.stats().workers, 1, "warm again after retirement waits for a new worker");
  } finally {
    await pool.close();
  }
});

Deno.test("no second worker starts beyond the process tree's memory budget", async () => {
  const pool = createRenderPool({
    workers: 3,
    queue: 8,
    timeoutMs: 30_000,
    staticDir: STATIC_DIR,
    warmWorkers: false,
    treeMemoryMb: 1,
  });
  try {
    let most = 0;
    const outputs = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        pool.run(poolJob(i)).then((output) => {
          most = Math.max(most, pool.stats().workers);
          return output;
        })),
    );
    assert.ok(outputs.every((output) => decodePixels(output.png).width === 1200));
    assert.equal(most, 1, "one worker always may; no second within 1 MiB");
  } finally {
    await pool.close();
  }
});

Deno.test("prepare starts one worker for a card on its way, and no more", async () => {
  const pool = createRenderPool({ workers: 2, queue: 4, timeoutMs: 20_000, staticDir: STATIC_DIR, idleMs: 60_000 });
  try {
    pool.prepare();
    pool.prepare();
    const deadline = Date.now() + 5000;
    while (pool.stats().workers === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
    assert.equal(pool.stats().workers, 1);
    const output = await pool.run(TOKEN);
    assert.equal(decodePixels(output.png).width, 1200);
    assert.equal(pool.stats().workers, 1, "the prepared worker drew the card");
  } finally {
    await pool.close();
  }
});

Deno.test("a drawing worker gets the next card ahead; a card sent ahead to a stalled worker is drawn by the next", async () => {
  const pool = createRenderPool({
    workers: 1,
    queue: 4,
    timeoutMs: 1_500,
    staticDir: STATIC_DIR,
    warmWorkers: false,
    workerUrl: new URL("../testdata/stalling_worker.ts", import.meta.url),
  });
  try {
    await pool.warm();
    // Three cards on one worker: one drawn, one sent ahead to it, one waiting here.
    const stalled = pool.run({ ...TOKEN, name: "STALL" });
    const ahead = pool.run({ ...TOKEN, name: "Ahead" });
    const last = pool.run({ ...TOKEN, name: "Last" });
    for (const card of [stalled, ahead, last]) card.catch(() => {}); // awaited below; not unhandled if a check fails
    await new Promise((resolve) => setTimeout(resolve, 0)); // the pool dispatches after a turn
    assert.equal(pool.stats().running, 1);
    assert.equal(pool.stats().waiting, 1, "the second card left this thread's queue: it was sent ahead");
    // The stalled card passes its deadline: its worker is killed; the card sent ahead was never begun, and the
    // replacement draws it (and the last) rather than failing it with the first.
    await assert.rejects(stalled, /not drawn within/);
    const [a, b] = await Promise.all([ahead, last]);
    assert.equal(decodePixels(a.png).width, 1200);
    assert.equal(decodePixels(b.png).height, 630);
    assert.equal(pool.stats().replaced, 1);
  } finally {
    await pool.close();
  }
});

Deno.test("a worker retired over the tree's budget hands back the card sent ahead to it", async () => {
  let over = false;
  const pool = createRenderPool({
    workers: 2,
    queue: 8,
    timeoutMs: 60_000,
    staticDir: STATIC_DIR,
    warmWorkers: false,
    treeMemoryMb: 4096,
    // 10 MB each until the first card is drawn, then 3 GB: the next card done finds the tree over its budget.
    readResident: () => over ? 3 * 1024 ** 3 : 10 * 1024 ** 2,
  });
  try {
    const cards = Array.from({ length: 6 }, (_, i) => pool.run(poolJob(i)));
    for (const card of cards) card.catch(() => {}); // awaited below; not unhandled if a check fails
    cards[0].then(() => over = true, () => {});
    // Before the fix, the card sent ahead to the retired worker was never answered: this waited forever.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const outputs = await Promise.race([
      Promise.all(cards),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error("a card was never answered")), 30_000);
      }),
    ]).finally(() => clearTimeout(timer));
    assert.ok(outputs.every((output) => decodePixels(output.png).width === 1200), "every card drawn whole");
    assert.equal(pool.stats().workers, 1, "one worker retired, one left");
    assert.ok(pool.stats().retired >= 1);
    assert.equal(pool.stats().replaced, 0, "no card failed with its worker");
  } finally {
    await pool.close();
  }
});
