import assert from "node:assert/strict";
import { decodePixels, withGlobalGc } from "../test_helpers.ts";
import { encodeRgbaPng } from "../raster/png.ts";
import { sameGcFlag, startRenderProcess } from "./render_process.ts";
import type { WorkerReply } from "./render_worker.ts";
import { STATIC_DIR } from "../paths.ts";
import { fileURLToPath } from "node:url";

const TOKEN = {
  kind: "token",
  chainName: "base",
  name: "Process test",
  symbol: "PRT",
  logo: null,
  emojiSet: "twemoji",
  dynamicAssets: false,
} as const;

/** Starts a worker on `module` and collects its replies; `next()` waits for the next one. */
function start(module: string, heapMb = 512, renderer: "native" | "wasm" = "wasm") {
  const replies: WorkerReply[] = [];
  let wake: (() => void) | null = null;
  const exits: Deno.CommandStatus[] = [];
  const process = startRenderProcess({
    entry: fileURLToPath(new URL(module, import.meta.url)),
    heapMb,
    init: { type: "init", staticDir: STATIC_DIR, renderer },
    onReply: (reply) => {
      replies.push(reply);
      wake?.();
    },
    onExit: (status) => exits.push(status),
  });
  async function next(): Promise<WorkerReply> {
    while (replies.length === 0) await new Promise<void>((resolve) => wake = resolve);
    return replies.shift()!;
  }
  return { process, next, exits };
}

Deno.test("a render process says it is ready, draws a card per request, and SIGKILL ends it", async () => {
  const { process, next, exits } = start("./render_worker.ts");
  try {
    const ready = await next();
    assert.equal(ready.type, "ready", JSON.stringify(ready));
    assert.equal(ready.renderer.name, "wasm");
    assert.ok(["module", "script", "script+cache"].includes(ready.satori), ready.satori);
    process.send({ type: "job", id: 7, job: TOKEN });
    const done = await next();
    assert.ok(done.type === "done", JSON.stringify(done));
    assert.equal(done.id, 7);
    const image = decodePixels(done.png);
    assert.deepEqual([image.width, image.height], [1200, 630]);
    assert.ok(done.memory.rss > 0);
  } finally {
    process.kill();
  }
  const status = await process.status;
  assert.equal(status.signal, "SIGKILL");
  assert.equal(status.success, false);
  // onExit runs after the status settles.
  await new Promise((resolve) => setTimeout(resolve, 0));
  assert.deepEqual(exits, [status]);
  process.kill(); // a second kill of a process already gone is fine
  process.send({ type: "warm", id: 8 }); // and so is a request to it
});

Deno.test("the heap cap reaches the process: a job that hoards memory ends it", async () => {
  const { process, next, exits } = start("../testdata/stalling_worker.ts", 64);
  try {
    assert.equal((await next()).type, "ready");
    process.send({ type: "job", id: 1, job: { ...TOKEN, name: "BLOAT" } });
    const status = await process.status;
    assert.equal(status.success, false, JSON.stringify(status));
    assert.notEqual(status.signal, "SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 0));
    assert.equal(exits.length, 1);
  } finally {
    process.kill();
  }
});

/** Token and pool cards in turn, each with a logo of its own colours and size (64 to 160 px). */
function leakJob(id: number) {
  const size = 64 + (id % 7) * 16;
  const pixels = new Uint8Array(size * size * 4);
  for (let p = 0; p < pixels.length; p += 4) pixels.set([(id * 37) % 256, (id * 91) % 256, (p / 4) % 256, 255], p);
  const logo = { bytes: encodeRgbaPng(pixels, size, size), type: "png", width: size, height: size } as const;
  if (id % 2) return { ...TOKEN, name: `Token ${id}`, symbol: `T${id}`, logo };
  return {
    kind: "pool",
    chainName: "ethereum",
    pool: { token0Symbol: `A${id}`, token1Symbol: "B", feeTier: 3000, protocolVersion: "V3" },
    logo0: logo,
    logo1: null,
    emojiSet: "twemoji",
    dynamicAssets: false,
  } as const;
}

Deno.test("a worker drawing with native resvg stays flat in memory over 60 cards", async () => {
  // The native resvg keeps each drawing's pixels outside V8's heap without telling V8: without the worker's
  // collection after each card, it grew about 0.8 MB a card (3 MB per full-size drawing).
  const { process, next } = start("./render_worker.ts", 512, "native");
  try {
    const ready = await next();
    assert.equal(ready.type, "ready", JSON.stringify(ready));
    if (ready.type === "ready" && ready.renderer.name !== "native") {
      console.log(`native resvg does not load here (${ready.renderer.fallbackReason}); nothing to check`);
      return;
    }
    const rss: number[] = [];
    for (let id = 1; id <= 60; id++) {
      process.send({ type: "job", id, job: leakJob(id) });
      const done = await next();
      assert.ok(done.type === "done", JSON.stringify(done));
      rss.push(done.memory.rss);
    }
    const grown = (rss[59] - rss[19]) / 1024 / 1024;
    console.log(
      `resident after card 20: ${(rss[19] / 1024 / 1024).toFixed(0)} MiB, after 60: +${grown.toFixed(1)} MiB`,
    );
    assert.ok(grown < 16, `grew ${grown.toFixed(1)} MiB over 40 cards`);
  } finally {
    process.kill();
  }
});

Deno.test("sameGcFlag gives workers --expose-gc exactly when this process has gc exposed", () => {
  withGlobalGc((setGc) => {
    setGc(undefined);
    assert.equal(sameGcFlag(), "");
    setGc(() => {});
    assert.equal(sameGcFlag(), ",--expose-gc");
  });
});
