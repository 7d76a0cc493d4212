import assert from "node:assert/strict";
import { flushLog, logger, logRequest, MAX_BUFFERED_BYTES, setLogLevel, setLogSink, warnOnce } from "./log.ts";

function capture() {
  const batches: string[] = [];
  const decoder = new TextDecoder();
  const previous = setLogSink({
    write(bytes) {
      batches.push(decoder.decode(bytes));
      return Promise.resolve();
    },
    writeSync(bytes) {
      batches.push(decoder.decode(bytes));
    },
  });
  return {
    batches,
    lines: () => batches.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l)),
    restore: () => setLogSink(previous),
  };
}

Deno.test("lines are batched into one write and flushed on demand, as JSON with level, msg, time, fields", async () => {
  const out = capture();
  try {
    for (let i = 0; i < 100; i++) logRequest({ method: "GET", path: `/p${i}`, status: 200, ms: 1.5 });
    logger.warn("KV write failed", { attempt: 2 });
    assert.equal(out.batches.length, 0, "nothing is written synchronously");
    await flushLog();
    assert.equal(out.batches.length, 1, "one write for the batch");
    const lines = out.lines();
    assert.equal(lines.length, 101);
    assert.deepEqual(
      { ...lines[7], time: undefined },
      { level: "info", msg: "request", method: "GET", path: "/p7", status: 200, ms: 1.5, time: undefined },
    );
    assert.ok(!Number.isNaN(Date.parse(lines[7].time)));
    assert.deepEqual({ ...lines[100], time: undefined }, {
      level: "warn",
      msg: "KV write failed",
      attempt: 2,
      time: undefined,
    });
  } finally {
    out.restore();
  }
});

Deno.test("a request line is the very text JSON.stringify gives its fields, for any path, with the current time", async () => {
  const out = capture();
  try {
    const paths = ['/a"b\\c', "/line\nbreak", "/caf\u00e9/\u{1f984}", "/\u2028"];
    const before = Date.now();
    for (const path of paths) logRequest({ method: "GET", path, status: 404, ms: 0.1 });
    logRequest({ method: "POST", path: "/graphql", status: 200, ms: 12 });
    await flushLog();
    const after = Date.now();
    const texts = out.batches.join("").split("\n").filter(Boolean);
    assert.equal(texts.length, 5);
    for (const [i, text] of texts.entries()) {
      const { time } = JSON.parse(text);
      const fields = i < 4
        ? { method: "GET", path: paths[i], status: 404, ms: 0.1 }
        : { method: "POST", path: "/graphql", status: 200, ms: 12 };
      assert.equal(text, JSON.stringify({ level: "info", msg: "request", time, ...fields }));
      assert.equal(new Date(Date.parse(time)).toISOString(), time);
      assert.ok(Date.parse(time) >= before && Date.parse(time) <= after, `${time} is now`);
    }
    setLogLevel("warn");
    logRequest({ method: "GET", path: "/hidden", status: 200, ms: 1 });
    await flushLog();
    assert.equal(out.batches.join("").includes("/hidden"), false, "below the level: not written");
  } finally {
    setLogLevel("info");
    out.restore();
  }
});

Deno.test("a large backlog is written without waiting for the timer; levels filter", async () => {
  const out = capture();
  try {
    const line = "x".repeat(1024);
    for (let i = 0; i < (MAX_BUFFERED_BYTES / 1024) + 1; i++) logger.info(line);
    // The write was started by the size trigger: a flush only waits for it.
    await flushLog();
    assert.ok(out.batches.length >= 1);
    setLogLevel("warn");
    logger.info("hidden");
    logger.debug("hidden");
    logger.error("shown", { code: 1 });
    await flushLog();
    const msgs = out.lines().map((l) => l.msg);
    assert.ok(!msgs.includes("hidden"));
    assert.equal(msgs.at(-1), "shown");
  } finally {
    setLogLevel("info");
    out.restore();
  }
});

Deno.test("warnOnce logs a key once, with the error's message and no stack", async () => {
  const out = capture();
  try {
    warnOnce("log-test", "Deno KV read failed", new Error("database is locked"));
    warnOnce("log-test", "Deno KV read failed", new Error("again"));
    await flushLog();
    const lines = out.lines();
    assert.equal(lines.length, 1);
    assert.equal(lines[0].msg, "Deno KV read failed: database is locked");
    assert.ok(!JSON.stringify(lines[0]).includes("at "));
  } finally {
    out.restore();
  }
});

Deno.test("a stuck sink drops lines beyond the queue bound and says how many", async () => {
  const gate = Promise.withResolvers<void>();
  const written: string[] = [];
  const previous = setLogSink({
    async write(bytes) {
      await gate.promise;
      written.push(new TextDecoder().decode(bytes));
    },
    writeSync() {},
  });
  try {
    const big = "y".repeat(1024 * 1024);
    for (let i = 0; i < 40; i++) logger.info(big);
    gate.resolve();
    await flushLog();
    const lines = written.join("").split("\n").filter(Boolean).map((l) => JSON.parse(l));
    const warning = lines.find((l) => /lines were dropped/.test(l.msg));
    assert.ok(warning, "no warning about dropped lines");
    const kept = lines.filter((l) => l.msg === big).length;
    assert.ok(kept < 40 && kept >= 15, `kept ${kept} lines`);
  } finally {
    setLogSink(previous);
  }
});
