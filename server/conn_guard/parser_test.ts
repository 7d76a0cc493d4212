import assert from "node:assert/strict";
import { MAX_LEADING_BLANK, RequestParser } from "./parser.ts";
import { startConnectionGuard } from "./guard.ts";
import { MICROCACHE_HEADER } from "./microcache.ts";

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** What the guard expects of a request stream: answers the server gives, and why it was refused (if it was). */
interface Expectation {
  answers: number;
  heads: number;
  strict: boolean;
  reason: string | null;
  inBody: boolean;
  forwarded: string;
  /** The methods of the complete heads, as sent. */
  methods: string[];
}

/** Runs `stream` through a parser in the given pieces. */
function expect(stream: Uint8Array, cuts: number[] = []): Expectation {
  const parser = new RequestParser(96 * 1024);
  let heads = 0;
  let forwarded = "";
  const methods: string[] = [];
  const bounds = [0, ...cuts.filter((c) => c > 0 && c < stream.length).sort((a, b) => a - b), stream.length];
  for (let k = 0; k + 1 < bounds.length; k++) {
    let piece = stream.subarray(bounds[k], bounds[k + 1]);
    while (piece.length > 0 && parser.state !== "error") {
      const fed = parser.feed(piece);
      heads += fed.heads.length;
      methods.push(...fed.heads.map((head) => head.method));
      for (const part of fed.out) forwarded += decoder.decode(part);
      piece = piece.subarray(fed.consumed);
      // An Upgrade answered without 101: requests go on (the streams here are never switched).
      if (parser.state === "upgrade") parser.resume();
    }
  }
  const error = parser.error;
  // A request is answered once its body is complete; a refused head gets the server's 400.
  let answers = heads - (parser.state === "body" || error?.inBody ? 1 : 0);
  if (error && !error.inBody) answers++;
  return {
    answers,
    heads,
    strict: error?.strict ?? false,
    reason: error?.reason ?? null,
    inBody: error?.inBody ?? false,
    forwarded,
    methods,
  };
}

/** An internal server like the service's (`Deno.serve`, reading each body) and a way to count its answers. */
async function withServer(fn: (answersTo: (stream: Uint8Array, expected: number) => Promise<number>) => Promise<void>) {
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.arrayBuffer().catch(() => {});
    return new Response("ok");
  });
  /** Sends `stream` on a fresh connection; counts answers until the server closes, or a while after `expected`. */
  async function answersTo(stream: Uint8Array, expected: number): Promise<number> {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port: server.addr.port });
    await conn.write(stream).catch(() => {});
    let text = "";
    const buffer = new Uint8Array(16 * 1024);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const count = () => (text.match(/HTTP\/1\.[01] \d{3} /g) ?? []).length;
    const arm = (ms: number) => {
      clearTimeout(timer);
      timer = setTimeout(() => conn.close(), ms);
    };
    arm(count() >= expected ? 60 : 1_000);
    try {
      while (true) {
        const n = await conn.read(buffer);
        if (n === null) break;
        text += decoder.decode(buffer.subarray(0, n));
        if (count() >= expected) arm(60);
      }
    } catch { /* closed by us or reset */ }
    clearTimeout(timer);
    try {
      conn.close();
    } catch { /* closed */ }
    return count();
  }
  try {
    await fn(answersTo);
  } finally {
    await server.shutdown();
  }
}

/** A seeded PRNG (mulberry32). */
function prng(seed: number): () => number {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** What {@linkcode generate} draws from. */
interface Shapes {
  methods: string[];
  /** Distinct queries per path (few: pipelined requests of several streams then share microcache keys). */
  queries: number;
  /** Requests of this method may carry a body (the handler reads it). */
  body: (method: string) => boolean;
}

const REQUEST_SHAPES: Shapes = {
  methods: ["GET", "POST", "HEAD", "post", "PUT"],
  queries: 99,
  // Deno gives GET and HEAD handlers no body and answers them at once: bodies only where the handler reads them.
  body: (method) => method === "POST" || method === "PUT",
};

/** A random request stream: pipelined requests with blank lines, odd sizes, chunks, trailers; then maybe one mutation. */
function generate(random: () => number, shapes: Shapes = REQUEST_SHAPES): string {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const pad = (digits: string, max: number) => "0".repeat(Math.floor(random() * (max - digits.length + 1))) + digits;
  let stream = "";
  const count = 1 + Math.floor(random() * 4);
  for (let r = 0; r < count; r++) {
    const eol = random() < 0.2 ? "\n" : "\r\n";
    if (random() < 0.3) stream += pick(["\r\n", "\n", "\r\n\r\n", "\n\r\n"]);
    const method = pick(shapes.methods);
    const version = random() < 0.15 ? "HTTP/1.0" : "HTTP/1.1";
    stream += `${method} /r${r % 2}?q=${Math.floor(random() * shapes.queries)} ${version}${eol}Host: x${eol}`;
    for (let h = Math.floor(random() * 3); h > 0; h--) stream += `X-${h}:${pick([" v", "v ", "\tv", ""])}${eol}`;
    if (version === "HTTP/1.0" && random() < 0.6) stream += `Connection: keep-alive${eol}`;
    if (random() < 0.1) stream += `Connection: ${pick(["close", "Close", "foo, close", "closed"])}${eol}`;
    const body = shapes.body(method) ? pick(["none", "length", "chunked"]) : "none";
    if (body === "length" || (body === "chunked" && version === "HTTP/1.0")) {
      const data = "b".repeat(Math.floor(random() * 20));
      stream += `Content-Length: ${pad(String(data.length), 15)}${eol}${eol}${data}`;
    } else if (body === "chunked") {
      stream += `Transfer-Encoding: ${pick(["chunked", "Chunked", "gzip, chunked", " chunked "])}${eol}${eol}`;
      for (let c = Math.floor(random() * 3); c > 0; c--) {
        const size = 1 + Math.floor(random() * 30);
        let digits = pad(size.toString(16), 16);
        if (random() < 0.3) digits = digits.toUpperCase();
        stream += `${pick(["", "", " "])}${digits}${pick(["", "", " ", ";ext", ' ;a="b c"'])}\r\n`;
        stream += `${"c".repeat(size)}\r\n`;
      }
      stream += `${pad("0", 16)}\r\n${random() < 0.3 ? "X-Trailer: t\r\n" : ""}\r\n`;
    } else {
      stream += eol;
    }
  }
  if (random() < 0.5) stream = mutate(stream, random);
  return stream;
}

/** One mutation: a CRLF made bare LF, a byte inserted or deleted, a second length, both framings, obs-fold. */
function mutate(stream: string, random: () => number): string {
  const at = Math.floor(random() * stream.length);
  switch (Math.floor(random() * 6)) {
    case 0: {
      const crlf = stream.indexOf("\r\n", at);
      return crlf < 0 ? stream : stream.slice(0, crlf) + stream.slice(crlf + 1);
    }
    case 1: {
      const byte = [" ", "\t", "\r", "\n", ":", "0", "a", ";", "\x01", ",", "\r\n"][Math.floor(random() * 11)];
      return stream.slice(0, at) + byte + stream.slice(at);
    }
    case 2:
      return stream.slice(0, at) + stream.slice(at + 1);
    case 3:
      return stream.replace(
        /Content-Length: (\d+)\r?\n/,
        (line, n) => `${line}Content-Length: ${random() < 0.5 ? n : "7"}\r\n`,
      );
    case 4:
      return stream.replace("Host: x\r\n", "Host: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n");
    default:
      return stream.replace("Host: x\r\n", "Host: x\r\nX-Fold: a\r\n b\r\n");
  }
}

Deno.test("the parser skips empty lines before a request, as the server does", () => {
  assert.equal(expect(encoder.encode("\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")).answers, 1);
  assert.equal(expect(encoder.encode("\n\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n")).answers, 1);
  const result = expect(encoder.encode("GET /a HTTP/1.1\r\n\r\n\r\n\r\nGET /b HTTP/1.1\r\n\r\n"));
  assert.equal(result.answers, 2);
  // The empty lines are not passed on: the server sees the two heads only.
  assert.equal(result.forwarded, "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n");
  assert.equal(expect(encoder.encode("\rXGET / HTTP/1.1\r\n\r\n")).reason, "CR without LF before a request");
  const many = expect(encoder.encode(`${"\r\n".repeat(MAX_LEADING_BLANK)}GET / HTTP/1.1\r\n\r\n`));
  assert.equal(many.reason, "too many empty lines before a request");
  assert.ok(many.strict);
});

Deno.test("sizes the server would take but the guard cannot follow are refused, never left untracked", () => {
  const cl = (value: string) => expect(encoder.encode(`POST / HTTP/1.1\r\nContent-Length: ${value}\r\n\r\nabcde`));
  assert.equal(cl("000000000000005").answers, 1); // 15 digits
  assert.deepEqual([cl("0000000000000005").reason, cl("0000000000000005").strict], [
    "Content-Length over 15 digits",
    true,
  ]);
  assert.deepEqual([cl("99999999999999999999").strict, cl("+5").strict, cl("5, 5").strict], [false, false, false]);
  const chunk = (size: string) =>
    expect(encoder.encode(`POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\nabc\r\n0\r\n\r\n`));
  assert.equal(chunk("0000000000000003").answers, 1); // 16 digits
  assert.deepEqual([chunk("00000000000000000003").reason, chunk("00000000000000000003").strict], [
    "chunk size over 16 hex digits",
    true,
  ]);
  assert.equal(chunk("0000000000000003").forwarded.endsWith("0\r\n\r\n"), true);
});

Deno.test("the request count is the same in any split of the stream", () => {
  const random = prng(7);
  for (let n = 0; n < 300; n++) {
    const stream = encoder.encode(generate(random));
    const whole = expect(stream);
    const cuts = Array.from({ length: 1 + Math.floor(random() * 6) }, () => Math.floor(random() * stream.length));
    const split = expect(stream, cuts);
    // After a refusal, how much of the refused body went on depends on the reads: not compared.
    if (whole.reason) split.forwarded = whole.forwarded;
    assert.deepEqual(split, whole, JSON.stringify(decoder.decode(stream)));
  }
});

Deno.test("property: the guard's request count equals the answers of the real Deno.serve", async () => {
  const fixed = [
    "\r\n\r\nGET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n",
    "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\nabc\n0\n\n",
    "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n3\t\r\nabc\r\n0\r\n\r\n",
    "POST /a HTTP/1.1\r\nTransfer-Encoding: chunked, gzip\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
    "POST /a HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n",
    "GET /a HTTP/1.1\r\nX: 1\r\n 2\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
    "GET /a HTTP/1.0\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
    "GET /a HTTP/1.1\r\nContent-Length : 3\r\n\r\nabc",
    `GET /a HTTP/1.1\r\n${"X-A: 1\r\n".repeat(129)}\r\n`,
    "GET /a HTTP/1.1\r\nUpgrade: foo\r\nConnection: upgrade\r\n\r\nGET /b HTTP/1.1\r\n\r\n",
  ];
  // PROPERTY_SEED and PROPERTY_CASES explore further (the default run is bounded: 300 cases, a few seconds).
  const random = prng(Number(Deno.env.get("PROPERTY_SEED") ?? 2026));
  const cases = Number(Deno.env.get("PROPERTY_CASES") ?? 300);
  const streams = [...fixed, ...Array.from({ length: cases }, () => generate(random))];
  const mismatches: string[] = [];
  let strict = 0;
  let refused = 0;
  let answered = 0;
  await withServer(async (answersTo) => {
    for (let first = 0; first < streams.length; first += 8) {
      await Promise.all(
        streams.slice(first, first + 8).map(async (text) => {
          const stream = encoder.encode(text);
          const guard = expect(stream);
          if (guard.strict) {
            // Refused by the guard alone (a rule stricter than the server's): nothing to compare.
            strict++;
            return;
          }
          if (guard.reason) refused++;
          answered += guard.answers;
          // What the server behind the guard gets: it answers every complete request, no more.
          const complete = guard.answers - (guard.reason && !guard.inBody ? 1 : 0);
          const behind = await answersTo(encoder.encode(guard.forwarded), complete);
          if (behind !== complete) {
            mismatches.push(`guard ${complete}, server ${behind} behind the guard: ${JSON.stringify(text)}`);
          }
          // What the guard refused, the server refuses at the same request.
          if (guard.reason) {
            // (A CRLF after the stream: the server waits for more bytes after a later head that ends in LF CRLF.)
            const server = await answersTo(encoder.encode(`${text}\r\n`), guard.answers);
            if (server !== guard.answers) {
              mismatches.push(`guard ${guard.answers} (${guard.reason}), server ${server}: ${JSON.stringify(text)}`);
            }
          }
        }),
      );
    }
  });
  console.log(
    `${streams.length} streams: ${answered} answers, ${refused} refused as the server does, ${strict} by the guard alone`,
  );
  assert.deepEqual(mismatches, []);
  // The generator must reach the interesting cases, not only the easy ones.
  assert.ok(refused >= 30, `only ${refused} refused streams`);
  assert.ok(answered >= 300, `only ${answered} answers`);
  assert.ok(strict <= 30, `${strict} streams refused by the guard alone`);
});

/** Reads a connection until the peer closes, or `quietMs` after `enough(text)` holds (1 s before). */
async function readAll(conn: Deno.TcpConn, enough: (bytes: Uint8Array) => boolean): Promise<Uint8Array> {
  const chunks: Uint8Array[] = [];
  const buffer = new Uint8Array(16 * 1024);
  let timer: ReturnType<typeof setTimeout> | undefined;
  const arm = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(() => conn.close(), ms);
  };
  const joined = () => {
    const out = new Uint8Array(chunks.reduce((sum, c) => sum + c.length, 0));
    let at = 0;
    for (const c of chunks) out.set(c, (at += c.length) - c.length);
    return out;
  };
  arm(enough(new Uint8Array(0)) ? 20 : 1_000);
  try {
    while (true) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
      if (enough(joined())) arm(20);
    }
  } catch { /* closed by us or reset */ }
  clearTimeout(timer);
  try {
    conn.close();
  } catch { /* closed */ }
  return joined();
}

/**
 * The answers in `bytes`, split by the rules of RFC 9112 §6.3 for requests of `methods` (in order; only an
 * exact `HEAD` has a bodiless answer): each as its status line, its header fields but `Date`, `Connection`
 * and the microcache mark (sorted, lowercase names), and its body as framed. A stream that breaks these rules
 * ends the list with `"unframed: ..."`.
 */
function splitAnswers(bytes: Uint8Array, methods: readonly string[]): string[] {
  const text = new TextDecoder("latin1").decode(bytes);
  const answers: string[] = [];
  let at = 0;
  for (let m = 0; at < text.length;) {
    const end = text.indexOf("\r\n\r\n", at);
    if (end < 0 || !/^HTTP\/1\.[01] \d{3} /.test(text.slice(at, at + 13))) {
      answers.push(`unframed: ${JSON.stringify(text.slice(at, at + 80))}`);
      break;
    }
    const [status, ...lines] = text.slice(at, end).split("\r\n");
    const code = Number(status.slice(9, 12));
    at = end + 4;
    if (code >= 100 && code < 200) continue;
    const fields = lines.map((line) => {
      const colon = line.indexOf(":");
      return `${line.slice(0, colon).toLowerCase()}:${line.slice(colon + 1).trim()}`;
    });
    const value = (name: string) => fields.find((f) => f.startsWith(`${name}:`))?.slice(name.length + 1);
    let bodyEnd = at;
    if (methods[m] !== "HEAD" && code !== 204 && code !== 304) {
      if (value("transfer-encoding") === "chunked") {
        while (true) {
          const line = text.indexOf("\r\n", bodyEnd);
          if (line < 0) break;
          const size = parseInt(text.slice(bodyEnd, line), 16);
          bodyEnd = line + 2 + size + 2;
          if (size === 0) break;
        }
      } else {
        bodyEnd = value("content-length") === undefined ? text.length : at + Number(value("content-length"));
      }
    }
    const kept = fields.filter((f) => !/^(date|connection|x-guard-microcache):/.test(f)).sort();
    answers.push(`${status}\n${kept.join("\n")}\n\n${text.slice(at, bodyEnd)}`);
    at = bodyEnd;
    m++;
  }
  return answers;
}

/**
 * The internal server of the answer property: like the service, an exact `GET` or `HEAD` of a path gets a
 * `200` the guard may keep (marked, public), any other spelling `405` with a body; queries pick other
 * statuses. Every body names the request as the server saw it, so an answer moved to another request shows.
 */
function answerServer(): Deno.HttpServer<Deno.NetAddr> {
  return Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.arrayBuffer().catch(() => {});
    const url = new URL(request.url);
    const name = `${request.method} ${url.pathname}${url.search}`;
    const q = Number(url.searchParams.get("q") ?? 0);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", { status: 405, headers: { allow: "GET, HEAD" } });
    }
    if (q % 4 === 1) return new Response(null, { status: 204, headers: { "x-name": name } });
    if (q % 4 === 2) {
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(encoder.encode(`streamed ${name},`));
          controller.enqueue(encoder.encode("end"));
          controller.close();
        },
      });
      return new Response(body, { headers: { [MICROCACHE_HEADER]: "2000", "cache-control": "public, max-age=60" } });
    }
    return new Response(`answer to ${name}`, {
      headers: { [MICROCACHE_HEADER]: "2000", "cache-control": "public, max-age=60", "content-type": "image/png" },
    });
  });
}

Deno.test("property: every answer the guard relays or repeats is the one the server sent for that request", async () => {
  const shapes: Shapes = {
    methods: ["GET", "HEAD", "head", "get", "Head", "hEAD", "gET", "POST", "post", "OPTIONS", "DELETE", "FOO"],
    queries: 4,
    body: (method) => method !== "GET" && method !== "HEAD",
  };
  const fixed = [
    // The red team's poisoning (issue 31): a lowercase head answered 405 with a body, then a crawler's GET.
    "head /r0?q=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /r1?q=0 HTTP/1.1\r\nHost: x\r\nUser-Agent: Twitterbot/1.0\r\n\r\n",
    "hEaD /r0?q=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /r1?q=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /r1?q=2 HTTP/1.1\r\nHost: x\r\n\r\n",
    "get /r0?q=0 HTTP/1.1\r\nHost: x\r\n\r\nHEAD /r1?q=0 HTTP/1.1\r\nHost: x\r\n\r\nGET /r1?q=0 HTTP/1.1\r\nHost: x\r\n\r\n",
    "HEAD /r0?q=2 HTTP/1.1\r\nHost: x\r\n\r\nGET /r0?q=2 HTTP/1.1\r\nHost: x\r\n\r\n",
  ];
  const random = prng(Number(Deno.env.get("PROPERTY_SEED") ?? 2031));
  const cases = Number(Deno.env.get("PROPERTY_CASES") ?? 300);
  const streams = [...fixed, ...Array.from({ length: cases }, () => generate(random, shapes))];
  const server = answerServer();
  const guard = await startConnectionGuard({
    hostname: "127.0.0.1",
    port: 0,
    upstream: { hostname: "127.0.0.1", port: server.addr.port },
  });
  /** The answers `port` gives to `stream` on a fresh connection, split for `methods`. */
  async function answers(port: number, stream: string, methods: string[], expected: number) {
    const conn = await Deno.connect({ hostname: "127.0.0.1", port });
    await conn.write(encoder.encode(stream)).catch(() => {});
    const bytes = await readAll(conn, (b) => splitAnswers(b, methods).length >= expected);
    return splitAnswers(bytes, methods);
  }
  const mismatches: string[] = [];
  let compared = 0;
  let repeated = 0;
  /** One stream through the guard and straight to the server, then its GET and HEAD requests again, alone. */
  async function check(text: string): Promise<void> {
    const seen = expect(encoder.encode(text));
    const complete = seen.answers - (seen.reason && !seen.inBody ? 1 : 0);
    const methods = seen.methods.slice(0, complete);
    // Through the guard, and what the server itself sends for the same requests (the heads the guard passes on).
    const relayed = await answers(guard.addr.port, text, seen.methods, seen.answers);
    const direct = await answers(server.addr.port, seen.forwarded, methods, complete);
    // A refusal of the guard's own is its last answer.
    if (seen.reason && relayed.length === complete + 1 && /^HTTP\/1\.1 (400|431) /.test(relayed[complete])) {
      relayed.pop();
    }
    compared += direct.length;
    if (JSON.stringify(relayed) !== JSON.stringify(direct)) {
      mismatches.push(
        `${JSON.stringify(text)}\n  guard:  ${JSON.stringify(relayed)}\n  server: ${JSON.stringify(direct)}`,
      );
      return;
    }
    // What the guard kept: every complete GET or HEAD again, alone, from a fresh connection.
    const heads = seen.forwarded.split(/(?<=\r\n\r\n)/).filter((head) =>
      /^(GET|HEAD) [^\r\n]* HTTP\/1\.1\r\n/.test(head)
    );
    for (const head of heads.slice(0, complete)) {
      const method = head.slice(0, head.indexOf(" "));
      const [again, truth] = await Promise.all([
        answers(guard.addr.port, head, [method], 1),
        answers(server.addr.port, head, [method], 1),
      ]);
      repeated++;
      if (JSON.stringify(again) !== JSON.stringify(truth)) {
        mismatches.push(
          `after ${JSON.stringify(text)}, ${JSON.stringify(head)} alone\n  guard:  ${again}\n  server: ${truth}`,
        );
      }
    }
  }
  try {
    for (let first = 0; first < streams.length; first += 8) {
      await Promise.all(streams.slice(first, first + 8).map(check));
    }
    const stats = await guard.stats();
    console.log(
      `${streams.length} streams: ${compared} answers compared, ${repeated} requests repeated alone, ` +
        `${stats.microcacheHits} microcache hits`,
    );
    assert.deepEqual(mismatches.slice(0, 5), []);
    assert.ok(compared >= 300, `only ${compared} answers compared`);
    assert.ok(stats.microcacheHits >= 30, `only ${stats.microcacheHits} answers came from the microcache`);
  } finally {
    await guard.close(1_000);
    await server.shutdown();
  }
});
