import assert from "node:assert/strict";
import { flushLog, setLogSink } from "../log.ts";
import { join } from "node:path";
import { CHUNK_BYTES, MAX_KV_BYTES } from "./byte_store.ts";
import { cacheKeys, PREVIEW_KEY_VERSION } from "./cache_keys.ts";
import { createCache, DEFAULT_TTL_MS } from "./kv_cache.ts";
import { retryWhileLocked } from "./kv_store.ts";

interface Greeting {
  readonly hello: string;
}

function isGreeting(value: unknown): value is Greeting {
  return typeof value === "object" && value !== null &&
    typeof (value as { hello?: unknown }).hello === "string";
}

function randomBytes(length: number): Uint8Array {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < length; i += 65536) {
    crypto.getRandomValues(bytes.subarray(i, Math.min(i + 65536, length)));
  }
  return bytes;
}

/**
 * Runs `fn` with the warnings of `server/log.ts` recorded (and silenced); the
 * log is batched, so read `warnings` after `await flushLog()`.
 */
async function withWarnings<T>(
  fn: (warnings: string[]) => Promise<T>,
): Promise<T> {
  const warnings: string[] = [];
  const record = (bytes: Uint8Array) => {
    for (const line of new TextDecoder().decode(bytes).split("\n").filter(Boolean)) {
      const { level, msg } = JSON.parse(line);
      if (level === "warn") warnings.push(msg);
    }
  };
  await flushLog();
  const previous = setLogSink({ write: (bytes) => Promise.resolve(record(bytes)), writeSync: record });
  try {
    return await fn(warnings);
  } finally {
    await flushLog();
    setLogSink(previous);
  }
}

async function withKv<T>(fn: (kv: Deno.Kv) => Promise<T>): Promise<T> {
  const kv = await Deno.openKv(":memory:");
  try {
    return await fn(kv);
  } finally {
    kv.close();
  }
}

async function countChunks(kv: Deno.Kv): Promise<number> {
  let n = 0;
  for await (const entry of kv.list({ prefix: ["image_chunk"] })) {
    assert.ok(entry.value instanceof Uint8Array);
    assert.ok(entry.value.length <= 65536);
    n++;
  }
  return n;
}

const ADDRESS = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

Deno.test("cacheKeys normalise chain and address and keep kinds apart", () => {
  assert.deepEqual(cacheKeys.tokenPreview("ethereum", ADDRESS), [
    "token_preview",
    PREVIEW_KEY_VERSION,
    "ETHEREUM",
    ADDRESS.toLowerCase(),
  ]);
  assert.deepEqual(cacheKeys.poolPreview("Base", "0xABC"), [
    "pool_preview",
    PREVIEW_KEY_VERSION,
    "BASE",
    "0xabc",
  ]);
  assert.deepEqual(cacheKeys.tokenImage("base", "0xABC"), [
    "token_image",
    "BASE",
    "0xabc",
  ]);
  assert.deepEqual(cacheKeys.poolImage("base", "0xABC", "apple"), [
    "pool_image",
    "BASE",
    "0xabc",
    "apple",
  ]);
});

Deno.test("cacheKeys keep a Solana mint's case: base58 is case-sensitive", () => {
  const mint = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";
  assert.deepEqual(cacheKeys.tokenPreview("solana", mint), ["token_preview", PREVIEW_KEY_VERSION, "SOLANA", mint]);
  assert.deepEqual(cacheKeys.tokenImage("solana", mint), ["token_image", "SOLANA", mint]);
  assert.notDeepEqual(cacheKeys.tokenImage("solana", mint), cacheKeys.tokenImage("solana", mint.toLowerCase()));
  assert.deepEqual(cacheKeys.tokenPreview("solana", "NATIVE"), [
    "token_preview",
    PREVIEW_KEY_VERSION,
    "SOLANA",
    "native",
  ]);
});

Deno.test("cacheKeys reject empty and oversized parts when built", () => {
  assert.throws(() => cacheKeys.tokenPreview("", ADDRESS), TypeError);
  assert.throws(() => cacheKeys.tokenImage("base", ADDRESS, ""), TypeError);
  assert.throws(
    () => cacheKeys.tokenPreview("base", "a".repeat(1100)),
    RangeError,
  );
  // 400 three-byte characters are 1200 UTF-8 bytes.
  assert.throws(
    () => cacheKeys.poolImage("base", "€".repeat(400)),
    RangeError,
  );
  assert.throws(
    () => cacheKeys.poolImage("b".repeat(600), "a".repeat(600)),
    RangeError,
  );
});

Deno.test("JSON values round-trip through KV and come back frozen", async () => {
  await withKv(async (kv) => {
    const key = cacheKeys.tokenPreview("ethereum", ADDRESS);
    await createCache(kv).set(key, { hello: "world" });
    // A fresh cache has an empty LRU: this read comes from KV.
    const value = await createCache(kv, { lruBytes: 0 }).get(key, isGreeting);
    assert.deepEqual(value, { hello: "world" });
    assert.ok(Object.isFrozen(value));
    const stored = (await kv.get(key)).value as { expiresAt: number };
    assert.equal(typeof stored.expiresAt, "number");
    // Other kinds and addresses are misses.
    const cache = createCache(kv);
    assert.equal(
      await cache.get(cacheKeys.poolPreview("ethereum", ADDRESS), isGreeting),
      null,
    );
    assert.equal(
      await cache.get(cacheKeys.tokenPreview("base", ADDRESS), isGreeting),
      null,
    );
  });
});

Deno.test("set stores a copy: mutating the caller's object changes nothing", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv);
    const key = cacheKeys.tokenPreview("ethereum", ADDRESS);
    const value = { hello: "before" };
    await cache.set(key, value);
    value.hello = "after";
    assert.deepEqual(await cache.get(key, isGreeting), { hello: "before" });
  });
});

Deno.test("expiry is checked on read with the injected clock", async () => {
  await withKv(async (kv) => {
    let clock = 1_000_000;
    const now = () => clock;
    const cache = createCache(kv, { now });
    const key = cacheKeys.tokenPreview("ethereum", ADDRESS);
    await cache.set(key, { hello: "world" });
    const bytesKey = cacheKeys.tokenImage("ethereum", ADDRESS);
    await cache.setImage("token", "ethereum", ADDRESS, new Uint8Array([1, 2, 3]));
    clock += DEFAULT_TTL_MS - 1;
    assert.deepEqual(await cache.get(key, isGreeting), { hello: "world" });
    assert.deepEqual(await cache.getImage("token", "ethereum", ADDRESS), new Uint8Array([1, 2, 3]));
    clock += 1;
    // Both the LRU and KV paths honour expiresAt.
    assert.equal(await cache.get(key, isGreeting), null);
    assert.equal(await cache.getImage("token", "ethereum", ADDRESS), null);
    const cold = createCache(kv, { now, lruBytes: 0 });
    assert.equal(await cold.get(key, isGreeting), null);
    assert.equal(await cold.getImage("token", "ethereum", ADDRESS), null);
    // KV itself still holds the entries (its expiry is lazy and in real time).
    assert.notEqual((await kv.get(key)).value, null);
    assert.notEqual((await kv.get(bytesKey)).value, null);
  });
});

Deno.test("a custom ttlMs sets expiresAt", async () => {
  await withKv(async (kv) => {
    let clock = 0;
    const cache = createCache(kv, { now: () => clock, ttlMs: 5_000 });
    const key = cacheKeys.poolPreview("base", "0xabc");
    await cache.set(key, { hello: "x" });
    assert.equal(
      ((await kv.get(key)).value as { expiresAt: number }).expiresAt,
      5_000,
    );
    clock = 5_000;
    assert.equal(await cache.get(key, isGreeting), null);
  });
});

Deno.test("invalid and corrupt JSON entries read as null and warn once", async () => {
  await withWarnings(async (warnings) => {
    await withKv(async (kv) => {
      const cache = createCache(kv, { lruBytes: 0 });
      const invalid = cacheKeys.tokenPreview("ethereum", "0x01");
      await cache.set(invalid, { hello: 42 });
      assert.equal(await cache.get(invalid, isGreeting), null);
      assert.equal(await cache.get(invalid, isGreeting), null);
      const corrupt = cacheKeys.tokenPreview("ethereum", "0x02");
      await kv.set(corrupt, "not an entry");
      assert.equal(await cache.get(corrupt, isGreeting), null);
      await kv.set(corrupt, { value: { hello: "x" }, expiresAt: "soon" });
      assert.equal(await cache.get(corrupt, isGreeting), null);
      // The caller refetches and replaces.
      await cache.set(corrupt, { hello: "fixed" });
      assert.deepEqual(await cache.get(corrupt, isGreeting), { hello: "fixed" });
    });
    await flushLog();
    assert.equal(warnings.length, 2, warnings.join("\n"));
    assert.match(warnings[0], /invalid entry/);
    assert.match(warnings[1], /corrupt entry/);
  });
});

Deno.test("a 300 KB buffer is chunked under 64 KiB and read back intact", async () => {
  await withKv(async (kv) => {
    const png = randomBytes(300_000);
    const cache = createCache(kv);
    await cache.setImage("token", "ethereum", ADDRESS, png);
    assert.equal(await countChunks(kv), Math.ceil(300_000 / CHUNK_BYTES));
    const meta = (await kv.get(cacheKeys.tokenImage("ethereum", ADDRESS)))
      .value as Record<string, unknown>;
    assert.equal(meta.byteLength, 300_000);
    assert.equal(meta.chunks, 5);
    const cold = createCache(kv, { lruBytes: 0 });
    assert.deepEqual(await cold.getImage("token", "ETHEREUM", ADDRESS), png);
    // Token and pool images, and variants, are separate entries.
    assert.equal(await cold.getImage("pool", "ethereum", ADDRESS), null);
    assert.equal(
      await cold.getImage("token", "ethereum", ADDRESS, "apple"),
      null,
    );
    // An empty value is a valid entry with no chunks.
    await cache.setImage("pool", "base", "0x1", new Uint8Array());
    assert.deepEqual(
      await cold.getImage("pool", "base", "0x1"),
      new Uint8Array(),
    );
  });
});

Deno.test("overwriting an image drops the old chunks in the same operation", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv, { lruBytes: 0 });
    await cache.setImage("pool", "base", "0xabc", randomBytes(200_000));
    assert.equal(await countChunks(kv), 4);
    const second = randomBytes(70_000);
    await cache.setImage("pool", "base", "0xabc", second);
    assert.equal(await countChunks(kv), 2);
    assert.deepEqual(await cache.getImage("pool", "base", "0xabc"), second);
  });
});

Deno.test("a corrupt, short or missing chunk makes the image absent", async () => {
  await withWarnings(async (warnings) => {
    await withKv(async (kv) => {
      const cache = createCache(kv, { lruBytes: 0 });
      const chunkKeys = async () => {
        const keys: Deno.KvKey[] = [];
        for await (const e of kv.list({ prefix: ["image_chunk"] })) {
          keys.push(e.key);
        }
        return keys;
      };

      await cache.setImage("token", "base", "0x1", randomBytes(150_000));
      const [first] = await chunkKeys();
      const original = (await kv.get<Uint8Array>(first)).value!;
      const flipped = original.slice();
      flipped[100] ^= 0xff;
      await kv.set(first, flipped);
      assert.equal(await cache.getImage("token", "base", "0x1"), null);
      await kv.set(first, original.subarray(1));
      assert.equal(await cache.getImage("token", "base", "0x1"), null);
      await kv.set(first, original);
      assert.notEqual(await cache.getImage("token", "base", "0x1"), null);
      await kv.delete(first);
      assert.equal(await cache.getImage("token", "base", "0x1"), null);

      // A meta entry of the wrong shape.
      await kv.set(cacheKeys.tokenImage("base", "0x2"), { chunks: "many" });
      assert.equal(await cache.getImage("token", "base", "0x2"), null);
      // Refetch and replace works.
      const fresh = randomBytes(1000);
      await cache.setImage("token", "base", "0x1", fresh);
      assert.deepEqual(await cache.getImage("token", "base", "0x1"), fresh);
    });
    await flushLog();
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /checksum mismatch/);
  });
});

Deno.test("a closed KV never throws and warns once", async () => {
  await withWarnings(async (warnings) => {
    const kv = await Deno.openKv(":memory:");
    kv.close();
    const cache = createCache(kv, { lruBytes: 0 });
    const key = cacheKeys.tokenPreview("ethereum", ADDRESS);
    await cache.set(key, { hello: "world" });
    assert.equal(await cache.get(key, isGreeting), null);
    await cache.setImage("token", "ethereum", ADDRESS, randomBytes(100));
    assert.equal(await cache.getImage("token", "ethereum", ADDRESS), null);
    await flushLog();
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /Deno KV (read|write) failed/);
  });
});

Deno.test("without KV the LRU still serves, bounded by bytes, with one warning", async () => {
  await withWarnings(async (warnings) => {
    const cache = createCache(null, { lruBytes: 500_000 });
    const images = [randomBytes(220_000), randomBytes(220_000)];
    await cache.setImage("token", "base", "0x1", images[0]);
    await cache.setImage("token", "base", "0x2", images[1]);
    assert.deepEqual(await cache.getImage("token", "base", "0x1"), images[0]);
    // 0x1 was used last: a third image evicts 0x2.
    await cache.setImage("token", "base", "0x3", randomBytes(220_000));
    assert.equal(await cache.getImage("token", "base", "0x2"), null);
    assert.deepEqual(await cache.getImage("token", "base", "0x1"), images[0]);
    assert.notEqual(await cache.getImage("token", "base", "0x3"), null);
    // A value larger than the whole LRU is not kept.
    await cache.setImage("pool", "base", "0x4", randomBytes(600_000));
    assert.equal(await cache.getImage("pool", "base", "0x4"), null);
    await flushLog();
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /unavailable/);
  });
});

Deno.test("the LRU answers without KV reads once an entry is hot", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv);
    const png = randomBytes(220_000);
    await cache.setImage("token", "base", "0x1", png);
    await cache.set(cacheKeys.tokenPreview("base", "0x1"), { hello: "hi" });
    // Remove the entries behind the cache's back: hot reads still answer.
    for await (const e of kv.list({ prefix: [] })) await kv.delete(e.key);
    assert.deepEqual(await cache.getImage("token", "base", "0x1"), png);
    assert.deepEqual(
      await cache.get(cacheKeys.tokenPreview("base", "0x1"), isGreeting),
      { hello: "hi" },
    );
  });
});

Deno.test("images larger than one atomic operation stay in memory only", async () => {
  await withWarnings(async (warnings) => {
    await withKv(async (kv) => {
      const cache = createCache(kv);
      const big = randomBytes(MAX_KV_BYTES + 1);
      await cache.setImage("token", "base", "0x1", big);
      assert.deepEqual(await cache.getImage("token", "base", "0x1"), big);
      assert.equal(await countChunks(kv), 0);
      const atLimit = randomBytes(MAX_KV_BYTES);
      await cache.setImage("token", "base", "0x2", atLimit);
      assert.deepEqual(
        await createCache(kv, { lruBytes: 0 }).getImage("token", "base", "0x2"),
        atLimit,
      );
    });
    await flushLog();
    assert.equal(warnings.length, 1);
    assert.match(warnings[0], /exceeds/);
  });
});

Deno.test("image calls with unusable input answer null and do nothing", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv);
    const long = "0x" + "a".repeat(3000);
    await cache.setImage("token", "base", long, randomBytes(10));
    assert.equal(await cache.getImage("token", "base", long), null);
    assert.equal(await cache.getImage("token", "", "0x1"), null);
    assert.equal(
      // deno-lint-ignore no-explicit-any
      await cache.getImage("nft" as any, "base", "0x1"),
      null,
    );
    assert.equal(await countChunks(kv), 0);
  });
});

Deno.test("entries persist in a KV file across reopening", async () => {
  const dir = await Deno.makeTempDir();
  try {
    const path = join(dir, "cache.sqlite");
    const png = randomBytes(220_000);
    const first = await Deno.openKv(path);
    try {
      const cache = createCache(first);
      await cache.setImage("pool", "unichain", "0xabc", png);
      await cache.set(cacheKeys.poolPreview("unichain", "0xabc"), {
        hello: "pool",
      });
    } finally {
      first.close();
    }
    const second = await Deno.openKv(path);
    try {
      const cache = createCache(second);
      assert.deepEqual(await cache.getImage("pool", "unichain", "0xABC"), png);
      assert.deepEqual(
        await cache.get(cacheKeys.poolPreview("UNICHAIN", "0xABC"), isGreeting),
        { hello: "pool" },
      );
    } finally {
      second.close();
    }
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("an operation that finds the database locked is retried, other errors are not", async () => {
  let calls = 0;
  const value = await retryWhileLocked(() => {
    calls++;
    if (calls < 4) return Promise.reject(new TypeError("database is locked"));
    return Promise.resolve("written");
  });
  assert.equal(value, "written");
  assert.equal(calls, 4);

  calls = 0;
  await assert.rejects(
    retryWhileLocked(() => {
      calls++;
      return Promise.reject(new Error("disk I/O error"));
    }),
    /disk I\/O error/,
  );
  assert.equal(calls, 1);

  calls = 0;
  await assert.rejects(
    retryWhileLocked(() => {
      calls++;
      return Promise.reject(new Error("database is locked"));
    }, 2),
    /database is locked/,
  );
  assert.equal(calls, 3, "bounded: the first try and 2 retries");
});

Deno.test("cache deletes: a preview entry, and an image in every variant with its chunks, from memory and KV", async () => {
  await withKv(async (kv) => {
    const cache = createCache(kv);
    const key = cacheKeys.tokenPreview("ETHEREUM", ADDRESS);
    await cache.set(key, { hello: "world" });
    const big = randomBytes(CHUNK_BYTES * 2 + 10);
    await cache.setImage("token", "ethereum", ADDRESS, big);
    await cache.setImage("token", "ethereum", ADDRESS, randomBytes(100), "emoji=noto");
    await cache.setImage("token", "ethereum", `0x${"1".repeat(40)}`, randomBytes(100));
    await cache.setImage("position", "ethereum", "v3:42", randomBytes(100));
    assert.equal(await countChunks(kv), 6);

    assert.equal(await cache.delete(key), true);
    assert.equal(await cache.delete(key), false);
    assert.equal(await cache.get(key, isGreeting), null);
    assert.equal(await cache.deleteImages("token", "Ethereum", ADDRESS.toLowerCase()), 2);
    assert.equal(await cache.getImage("token", "ethereum", ADDRESS), null);
    assert.equal(await cache.getImage("token", "ethereum", ADDRESS, "emoji=noto"), null);
    assert.equal(await countChunks(kv), 2, "the chunks went with their entries");
    assert.ok(await cache.getImage("token", "ethereum", `0x${"1".repeat(40)}`), "another token is kept");
    assert.equal(await cache.deleteImages("position", "ethereum", "V3:42"), 1);
    assert.equal(await cache.getImage("position", "ethereum", "v3:42"), null);
    // A fresh cache over the same KV (another instance) finds nothing either.
    const other = createCache(kv);
    assert.equal(await other.getImage("token", "ethereum", ADDRESS), null);
    assert.equal(await other.get(key, isGreeting), null);
  });
});
