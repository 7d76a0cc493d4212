import assert from "node:assert/strict";
import { ResponseReader } from "./response.ts";

const encoder = new TextEncoder();

/** Feeds `text` in pieces of `size` bytes; returns the answers completed and where a tunnel began. */
function read(reader: ResponseReader, text: string, size: number) {
  const bytes = encoder.encode(text);
  let completed = 0;
  let switchedAt = -1;
  for (let i = 0; i < bytes.length && switchedAt < 0; i += size) {
    const piece = bytes.slice(i, i + size);
    const fed = reader.feed(piece, piece.length);
    completed += fed.completed;
    if (fed.switchedAt >= 0) switchedAt = i + fed.switchedAt;
  }
  return { completed, switchedAt };
}

Deno.test("answers are counted across reads: lengths, chunks, HEAD, 204/304, interim 100", () => {
  const answers = "HTTP/1.1 100 Continue\r\n\r\n" +
    "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\nhello" +
    "HTTP/1.1 200 OK\r\ncontent-length: 5\r\n\r\n" + // to a HEAD: no body
    "HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n" +
    "HTTP/1.1 304 Not Modified\r\ncontent-length: 9\r\n\r\n";
  for (const size of [1, 7, 1000]) {
    const reader = new ResponseReader();
    for (const method of ["POST", "HEAD", "GET", "GET"]) reader.expect(method);
    assert.equal(read(reader, answers, size).completed, 4, `pieces of ${size}`);
    assert.equal(reader.pending, 0);
    assert.ok(reader.atBoundary);
  }
});

Deno.test("a 101 ends the HTTP part where the tunnel's bytes begin", () => {
  const reader = new ResponseReader();
  reader.expect("GET");
  const head = "HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\n\r\n";
  const { completed, switchedAt } = read(reader, `${head}\x81\x02hi`, 1000);
  assert.deepEqual([completed, switchedAt], [1, head.length]);
});

Deno.test("an answer without length or chunks lasts until the server closes", () => {
  const reader = new ResponseReader();
  reader.expect("GET");
  assert.equal(read(reader, "HTTP/1.1 200 OK\r\n\r\nstreaming on", 5).completed, 0);
  assert.equal(reader.pending, 1);
  assert.ok(!reader.atBoundary);
});

Deno.test("a marked answer, split anywhere, reaches the client without its mark and is kept whole", () => {
  const mark = "x-guard-microcache: 2000\r\n";
  const answer = `HTTP/1.1 200 OK\r\ncontent-type: image/png\r\n${mark}content-length: 5\r\ndate: x\r\n\r\nhello` +
    "HTTP/1.1 200 OK\r\ncontent-length: 3\r\n\r\nbye" +
    `HTTP/1.1 404 Not Found\r\n${mark}content-length: 4\r\n\r\nnone`;
  for (const size of [1, 5, 40, 97, 1000]) {
    const reader = new ResponseReader(1024);
    reader.expect("GET", { key: "GET /a\n", generation: 0 });
    reader.expect("GET", null);
    reader.expect("GET", { key: "GET /b\n", generation: 0 });
    const bytes = encoder.encode(answer);
    let sent = "";
    const stored = [];
    for (let i = 0; i < bytes.length; i += size) {
      const piece = bytes.slice(i, i + size);
      const fed = reader.feed(piece, piece.length);
      for (const part of fed.out ?? [piece.subarray(fed.start)]) sent += new TextDecoder().decode(part);
      stored.push(...fed.stored);
    }
    assert.equal(sent, answer.replaceAll(mark, ""), `pieces of ${size}`);
    // The 404 is marked but never kept.
    assert.equal(stored.length, 1);
    assert.equal(stored[0].head, "HTTP/1.1 200 OK\r\ncontent-type: image/png\r\ncontent-length: 5");
    assert.equal(new TextDecoder().decode(stored[0].body), "hello");
    assert.equal(reader.pending, 0);
  }
});

Deno.test("a lowercase head's answer has its body; what is not an answer stops the relay and is never kept", () => {
  const ticket = { key: "k", generation: 0 };
  const marked = "HTTP/1.1 200 OK\r\nx-guard-microcache: 2000\r\ncontent-length: 3\r\n\r\nPNG";
  // `head` is not `HEAD`: its 405 carries 18 bytes, and the next answer is framed after them.
  for (const size of [1, 5, 1000]) {
    const reader = new ResponseReader(1024);
    reader.expect("head");
    reader.expect("GET", ticket);
    const bytes = encoder.encode(
      `HTTP/1.1 405 Method Not Allowed\r\ncontent-length: 18\r\n\r\nMethod Not Allowed${marked}`,
    );
    const stored = [];
    let broken = false;
    for (let i = 0; i < bytes.length; i += size) {
      const piece = bytes.slice(i, i + size);
      const fed = reader.feed(piece, piece.length);
      stored.push(...fed.stored);
      broken ||= fed.broken;
    }
    assert.equal(broken, false);
    assert.deepEqual(stored.map((s) => [s.head.split("\r\n")[0], new TextDecoder().decode(s.body)]), [
      ["HTTP/1.1 200 OK", "PNG"],
    ]);
  }
  // Bytes where a head should begin that are not `HTTP/1.x NNN`: the answers before them go out, nothing after.
  for (
    const junk of ["Method Not AllowedHTTP/1.1 200 OK\r\n\r\n", "HTTP/2 200\r\n\r\n", "xyz", "HTTP/1.1 2000 OK\r\n\r\n"]
  ) {
    const reader = new ResponseReader(1024);
    reader.expect("GET");
    reader.expect("GET", ticket);
    const first = "HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok";
    const bytes = encoder.encode(`${first}${junk}${marked}`);
    const fed = reader.feed(bytes, bytes.length);
    assert.equal(fed.broken, true, junk);
    assert.deepEqual(fed.stored, []);
    const out = new TextDecoder().decode(fed.out === null ? bytes.subarray(fed.start) : concat(fed.out));
    assert.equal(out, first);
    // Nothing more is read from that connection.
    assert.equal(reader.feed(encoder.encode(marked), marked.length).broken, true);
  }
  // An answer no request waits for.
  const reader = new ResponseReader(1024);
  const bytes = encoder.encode(marked);
  assert.equal(reader.feed(bytes, bytes.length).broken, true);
});

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
