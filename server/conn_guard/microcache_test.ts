import assert from "node:assert/strict";
import { flushLog, setLogSink } from "../log.ts";
import { type ConnectionGuard, type ConnectionGuardOptions, startConnectionGuard } from "./guard.ts";
import { markedHead, Microcache, MICROCACHE_HEADER, microcacheKey } from "./microcache.ts";
import { parseRequestHead, type RequestHead } from "./parser.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

function head(text: string): RequestHead {
  const parsed = parseRequestHead(encoder.encode(text));
  if ("status" in parsed) throw new Error(parsed.reason);
  return parsed.head;
}

/**
 * An internal server whose answers are numbered (`x-call`) and marked as the path says, and a
 * guard in front of it: a repeated number is an answer of the microcache.
 */
async function withService(
  options: Partial<ConnectionGuardOptions>,
  fn: (port: number, guard: ConnectionGuard, calls: () => number) => Promise<void>,
) {
  let calls = 0;
  const inner = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const call = String(++calls);
    const path = new URL(request.url).pathname;
    const mark = { [MICROCACHE_HEADER]: "2000", "x-call": call, "content-type": "image/png" };
    const seen = `${request.headers.get("host")}|${request.headers.get("user-agent")}|` +
      `${request.headers.get("accept-encoding")}`;
    if (path === "/img") return new Response(`image for ${seen}`, { headers: mark });
    if (path === "/slow") {
      await new Promise((resolve) => setTimeout(resolve, 50));
      return new Response("slow", { headers: { "x-call": call } });
    }
    if (path === "/fail") return new Response("failed", { status: 500, headers: mark });
    if (path === "/private") return new Response("mine", { headers: { ...mark, "cache-control": "private" } });
    if (path === "/no-store") return new Response("mine", { headers: { ...mark, "cache-control": "no-store" } });
    if (path === "/cookie") return new Response("mine", { headers: { ...mark, "set-cookie": "a=b" } });
    if (path === "/big") return new Response("x".repeat(4096), { headers: mark });
    if (path === "/chunked") {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode("one,"));
          controller.enqueue(encoder.encode("two"));
          controller.close();
        },
      });
      return new Response(body, { headers: mark });
    }
    return new Response("plain", { headers: { "x-call": call } });
  });
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: inner.addr.port },
    ...options,
  });
  try {
    await fn(guard.addr.port, guard, () => calls);
  } finally {
    await guard.close(1_000);
    await inner.shutdown();
  }
}

/** Sends `requests` in one write (pipelined; the last one closes) and reads everything until the end. */
async function exchange(port: number, requests: string[]): Promise<string> {
  const conn = await Deno.connect({ hostname: "127.0.0.1", port });
  const last = requests.length - 1;
  const text = requests.map((r, i) => `${r}\r\n${i === last ? "connection: close\r\n" : ""}\r\n`).join("");
  await conn.write(encoder.encode(text));
  const buffer = new Uint8Array(64 * 1024);
  let answer = "";
  try {
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      answer += decoder.decode(buffer.subarray(0, n));
    }
  } finally {
    conn.close();
  }
  return answer;
}

/** The answers of a stream, as status, lowercase headers and body (by content-length or chunked). */
function answers(stream: string, heads: string[] = []) {
  const out: { status: number; headers: Map<string, string>; body: string }[] = [];
  let rest = stream;
  while (rest.length > 0) {
    const end = rest.indexOf("\r\n\r\n");
    const lines = rest.slice(0, end).split("\r\n");
    const headers = new Map(
      lines.slice(1).map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    rest = rest.slice(end + 4);
    let body = "";
    const method = heads[out.length] ?? "GET";
    if (method === "HEAD") body = "";
    else if (headers.get("transfer-encoding") === "chunked") {
      while (true) {
        const size = parseInt(rest.slice(0, rest.indexOf("\r\n")), 16);
        rest = rest.slice(rest.indexOf("\r\n") + 2);
        if (size === 0) {
          rest = rest.slice(2);
          break;
        }
        body += rest.slice(0, size);
        rest = rest.slice(size + 2);
      }
    } else {
      const length = Number(headers.get("content-length") ?? 0);
      body = rest.slice(0, length);
      rest = rest.slice(length);
    }
    out.push({ status: Number(lines[0].split(" ")[1]), headers, body });
  }
  return out;
}

const IMG = "GET /img HTTP/1.1\r\nhost: a.example";

Deno.test("microcache keys: method, target and the exact header values; personal or conditional requests have none", () => {
  const a = microcacheKey(head("GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\n\r\n"));
  assert.ok(a !== null);
  const variants = [
    "HEAD /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\n\r\n",
    "GET /img?x=2 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: b\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: Bot\r\nAccept-Encoding: br\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: gzip\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\nX-Forwarded-Host: c\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\nX-Forwarded-Proto: https\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\nForwarded: host=c\r\n\r\n",
    "GET /img?x=1 HTTP/1.1\r\nHost: a\r\nUser-Agent: bot\r\nAccept-Encoding: br\r\nX-Blocked-Paths: /a\r\n\r\n",
  ];
  const keys = new Set([a, ...variants.map((text) => microcacheKey(head(text)))]);
  assert.equal(keys.size, variants.length + 1);
  // Header names are case-insensitive; an unrelated header is not in the key.
  assert.equal(
    microcacheKey(
      head("GET /img?x=1 HTTP/1.1\r\nhost: a\r\nuser-agent: bot\r\naccept-encoding: br\r\nAccept: */*\r\n\r\n"),
    ),
    a,
  );
  for (
    const text of [
      "POST /img HTTP/1.1\r\nHost: a\r\n\r\n",
      "GET /img HTTP/1.0\r\nHost: a\r\n\r\n",
      "GET /img HTTP/1.1\r\nHost: a\r\nCookie: s=1\r\n\r\n",
      "GET /img HTTP/1.1\r\nHost: a\r\nAuthorization: Bearer x\r\n\r\n",
      'GET /img HTTP/1.1\r\nHost: a\r\nIf-None-Match: "x"\r\n\r\n',
      "GET /img HTTP/1.1\r\nHost: a\r\nRange: bytes=0-1\r\n\r\n",
      "GET /img HTTP/1.1\r\nHost: a\r\nContent-Length: 0\r\n\r\n",
      "GET /img HTTP/1.1\r\nHost: a\r\nUpgrade: websocket\r\n\r\n",
    ]
  ) assert.equal(microcacheKey(head(text)), null, text);
});

Deno.test("marked heads: the mark is dropped for the client; Date, failures and personal answers are not stored", () => {
  const text = `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\n${MICROCACHE_HEADER}: 1500\r\ncontent-length: 3\r\n` +
    "date: Tue, 24 Nov 2026 22:28:32 GMT\r\n\r\n";
  const marked = markedHead(text)!;
  assert.equal(marked.ttlMs, 1500);
  assert.equal(marked.forClient, text.replace(`${MICROCACHE_HEADER}: 1500\r\n`, ""));
  assert.equal(marked.forStore, "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 3");
  assert.equal(markedHead("HTTP/1.1 200 OK\r\ncontent-length: 0\r\n\r\n"), null);
  for (
    const other of [
      "HTTP/1.1 500 Internal Server Error\r\n",
      "HTTP/1.1 200 OK\r\nset-cookie: a=b\r\n",
      "HTTP/1.1 200 OK\r\ncache-control: private\r\n",
      "HTTP/1.1 200 OK\r\ncache-control: no-store\r\n",
      "HTTP/1.1 200 OK\r\nvary: *\r\n",
      "HTTP/1.1 200 OK\r\nconnection: upgrade\r\n",
    ]
  ) {
    const head = markedHead(`${other}${MICROCACHE_HEADER}: 1000\r\ncontent-length: 0\r\n\r\n`)!;
    assert.ok(!head.forClient.includes(MICROCACHE_HEADER));
    assert.equal(head.forStore, null, other);
  }
});

Deno.test("the microcache is bounded by bytes, entries and answer size; a clear turns away answers asked before it", () => {
  const cache = new Microcache({ maxBytes: 1000, maxEntries: 3, maxEntryBytes: 600, maxTtlMs: 2000 });
  const body = new Uint8Array(300);
  const ticket = (key: string) => ({ key, generation: cache.generation });
  for (const key of ["GET /a\n", "GET /b\n", "GET /c\n"]) {
    assert.ok(cache.set(ticket(key), "HTTP/1.1 200 OK", body, 5000, 0));
  }
  // 3 x ~380 bytes > 1000: the oldest went.
  assert.equal(cache.size, 2);
  assert.ok(cache.bytes <= 1000);
  assert.equal(cache.get("GET /a\n", 1), undefined);
  assert.ok(cache.get("GET /c\n", 1) !== undefined);
  assert.equal(cache.set(ticket("GET /big\n"), "HTTP/1.1 200 OK", new Uint8Array(700), 1000, 0), false);
  for (const key of ["GET /d\n", "GET /e\n", "GET /f\n", "GET /g\n"]) {
    cache.set(ticket(key), "HTTP/1.1 200 OK", new Uint8Array(1), 1000, 0);
  }
  assert.equal(cache.size, 3);
  // The TTL is capped and expiry is exact.
  assert.ok(cache.get("GET /g\n", 999) !== undefined);
  assert.equal(cache.get("GET /g\n", 1000), undefined);
  const before = ticket("GET /h\n");
  cache.clear();
  assert.equal(cache.size, 0);
  assert.equal(cache.set(before, "HTTP/1.1 200 OK", body, 1000, 0), false);
  assert.ok(cache.set(ticket("GET /h\n"), "HTTP/1.1 200 OK", body, 1000, 0));
});

Deno.test("a hit is the same bytes with a fresh Date, logged like the service's lines; the mark never reaches the client", async () => {
  const lines: string[] = [];
  const previous = setLogSink({
    write: (bytes) => Promise.resolve(lines.push(decoder.decode(bytes))),
    writeSync: (bytes) => lines.push(decoder.decode(bytes)),
  });
  try {
    await withService({}, async (port, guard, calls) => {
      const [first] = answers(await exchange(port, [IMG]));
      assert.equal(calls(), 1);
      // The next second: a new Date on the same bytes.
      await new Promise((resolve) => setTimeout(resolve, 1_000 - (Date.now() % 1_000) + 20));
      const [again] = answers(await exchange(port, [IMG]));
      assert.equal(calls(), 1);
      assert.equal(again.body, first.body);
      assert.equal(again.body, "image for a.example|null|null");
      assert.notEqual(again.headers.get("date"), first.headers.get("date"));
      assert.ok(Math.abs(Date.parse(again.headers.get("date")!) - Date.now()) < 2_000);
      const without = (a: typeof first) => [...a.headers].filter(([name]) => name !== "date" && name !== "connection");
      assert.deepEqual(without(again), without(first));
      for (const answer of [first, again]) assert.ok(!answer.headers.has(MICROCACHE_HEADER));
      assert.equal((await guard.stats()).microcacheHits, 1);
    });
  } finally {
    await flushLog();
    setLogSink(previous);
  }
  const hit = lines.join("").split("\n").filter((line) => line.includes('"msg":"request"')).map((l) => JSON.parse(l));
  assert.equal(hit.length, 1);
  assert.deepEqual([hit[0].method, hit[0].path, hit[0].status, typeof hit[0].ms], ["GET", "/img", 200, "number"]);
});

Deno.test("HEAD has its own entry and no body; a chunked answer is repeated as framed", async () => {
  await withService({}, async (port, _guard, calls) => {
    const headOnly = "HEAD /img HTTP/1.1\r\nhost: a.example";
    const [h1] = answers(await exchange(port, [headOnly]), ["HEAD"]);
    const [h2] = answers(await exchange(port, [headOnly]), ["HEAD"]);
    const [get] = answers(await exchange(port, [IMG]));
    assert.equal(calls(), 2); // one HEAD, one GET
    assert.equal(h2.headers.get("x-call"), h1.headers.get("x-call"));
    assert.equal(h2.headers.get("content-length"), String(get.body.length));
    const chunked = "GET /chunked HTTP/1.1\r\nhost: a.example";
    const [c1] = answers(await exchange(port, [chunked]));
    const [c2] = answers(await exchange(port, [chunked]));
    assert.equal(calls(), 3);
    assert.deepEqual([c1.body, c2.body], ["one,two", "one,two"]);
    assert.equal(c2.headers.get("x-call"), c1.headers.get("x-call"));
  });
});

Deno.test("pipelined requests are answered in order, hits after relayed answers", async () => {
  await withService({}, async (port, _guard, calls) => {
    await exchange(port, [IMG]);
    const stream = await exchange(port, [
      "GET /slow HTTP/1.1\r\nhost: a.example",
      IMG,
      IMG,
      "GET /x HTTP/1.1\r\nhost: a",
    ]);
    const got = answers(stream);
    assert.deepEqual(got.map((a) => a.body), [
      "slow",
      "image for a.example|null|null",
      "image for a.example|null|null",
      "plain",
    ]);
    // Those relayed answers were kept again: three hits in a row, in one write, none relayed.
    const before = calls();
    const allHits = answers(await exchange(port, [IMG, IMG, IMG]));
    assert.equal(calls(), before);
    const call = allHits[0].headers.get("x-call");
    assert.deepEqual(allHits.map((a) => [a.headers.get("x-call"), a.body]), [
      [call, "image for a.example|null|null"],
      [call, "image for a.example|null|null"],
      [call, "image for a.example|null|null"],
    ]);
  });
});

Deno.test("another Host, Accept-Encoding or User-Agent is another entry", async () => {
  await withService({}, async (port, _guard, calls) => {
    const variants = [
      IMG,
      "GET /img HTTP/1.1\r\nhost: b.example",
      `${IMG}\r\naccept-encoding: br`,
      `${IMG}\r\nuser-agent: Twitterbot/1.0`,
    ];
    for (const variant of variants) await exchange(port, [variant]);
    assert.equal(calls(), 4);
    const again = await Promise.all(variants.map((variant) => exchange(port, [variant]).then((s) => answers(s)[0])));
    assert.equal(calls(), 4);
    assert.deepEqual(again.map((a) => a.body), [
      "image for a.example|null|null",
      "image for b.example|null|null",
      "image for a.example|null|br",
      "image for a.example|Twitterbot/1.0|null",
    ]);
  });
});

Deno.test("a clear (a purge) empties it; failures, personal answers and requests, and large answers are never kept", async () => {
  await withService({ microcache: { maxEntryBytes: 2048 } }, async (port, guard, calls) => {
    await exchange(port, [IMG]);
    await exchange(port, [IMG]);
    assert.equal(calls(), 1);
    await guard.clearMicrocache();
    assert.equal((await guard.stats()).microcacheEntries, 0);
    await exchange(port, [IMG]);
    assert.equal(calls(), 2);
    const never = [
      "GET /fail HTTP/1.1\r\nhost: a",
      "GET /private HTTP/1.1\r\nhost: a",
      "GET /no-store HTTP/1.1\r\nhost: a",
      "GET /cookie HTTP/1.1\r\nhost: a",
      "GET /big HTTP/1.1\r\nhost: a",
      `${IMG}\r\ncookie: s=1`,
      `${IMG}\r\nauthorization: Bearer x`,
    ];
    for (const request of never) {
      const before = calls();
      const [one] = answers(await exchange(port, [request]));
      const [two] = answers(await exchange(port, [request]));
      assert.equal(calls(), before + 2, request);
      assert.notEqual(one.headers.get("x-call"), two.headers.get("x-call"));
      assert.ok(!one.headers.has(MICROCACHE_HEADER));
    }
  });
});

Deno.test("with the microcache off, marked answers are relayed unmarked every time", async () => {
  await withService({ microcache: false }, async (port, _guard, calls) => {
    const got = [...answers(await exchange(port, [IMG])), ...answers(await exchange(port, [IMG]))];
    assert.equal(calls(), 2);
    for (const answer of got) assert.ok(!answer.headers.has(MICROCACHE_HEADER));
  });
});
