import assert from "node:assert/strict";
import { decodePixels } from "./test_helpers.ts";
import { createRenderPool } from "./render_pool.ts";
import { encodeFrame, readFrames } from "./render_worker.ts";
import { STATIC_DIR } from "../server/paths.ts";

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
