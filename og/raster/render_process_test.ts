import assert from "node:assert/strict";
import { decodePixels } from "../test_helpers.ts";
import { startRenderProcess } from "./render_process.ts";
import type { WorkerReply } from "./render_worker.ts";
import { STATIC_DIR } from "../../server/paths.ts";
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
function start(module: string, heapMb = 512) {
  const replies: WorkerReply[] = [];
  let wake: (() => void) | null = null;
  const exits: Deno.CommandStatus[] = [];
  const process = startRenderProcess({
    entry: fileURLToPath(new URL(module, import.meta.url)),
    heapMb,
    init: { type: "init", staticDir: STATIC_DIR, renderer: "wasm" },
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
