import assert from "node:assert/strict";
import { MAX_LEADING_BLANK, RequestParser } from "./parser.ts";

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
}

/** Runs `stream` through a parser in the given pieces. */
function expect(stream: Uint8Array, cuts: number[] = []): Expectation {
  const parser = new RequestParser(96 * 1024);
  let heads = 0;
  let forwarded = "";
  const bounds = [0, ...cuts.filter((c) => c > 0 && c < stream.length).sort((a, b) => a - b), stream.length];
  for (let k = 0; k + 1 < bounds.length; k++) {
    let piece = stream.subarray(bounds[k], bounds[k + 1]);
    while (piece.length > 0 && parser.state !== "error") {
      const fed = parser.feed(piece);
      heads += fed.heads.length;
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

/** A random request stream: pipelined requests with blank lines, odd sizes, chunks, trailers; then maybe one mutation. */
function generate(random: () => number): string {
  const pick = <T>(items: T[]): T => items[Math.floor(random() * items.length)];
  const pad = (digits: string, max: number) => "0".repeat(Math.floor(random() * (max - digits.length + 1))) + digits;
  let stream = "";
  const count = 1 + Math.floor(random() * 4);
  for (let r = 0; r < count; r++) {
    const eol = random() < 0.2 ? "\n" : "\r\n";
    if (random() < 0.3) stream += pick(["\r\n", "\n", "\r\n\r\n", "\n\r\n"]);
    const method = pick(["GET", "POST", "HEAD", "post", "PUT"]);
    const version = random() < 0.15 ? "HTTP/1.0" : "HTTP/1.1";
    stream += `${method} /r${r}?q=${Math.floor(random() * 99)} ${version}${eol}Host: x${eol}`;
    for (let h = Math.floor(random() * 3); h > 0; h--) stream += `X-${h}:${pick([" v", "v ", "\tv", ""])}${eol}`;
    if (version === "HTTP/1.0" && random() < 0.6) stream += `Connection: keep-alive${eol}`;
    if (random() < 0.1) stream += `Connection: ${pick(["close", "Close", "foo, close", "closed"])}${eol}`;
    // Deno gives GET and HEAD handlers no body and answers them at once: bodies only where the handler reads them.
    const body = method === "POST" || method === "PUT" ? pick(["none", "length", "chunked"]) : "none";
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
