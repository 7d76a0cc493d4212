import assert from "node:assert/strict";
import {
  checkGatewayJson,
  createGatewayClient,
  GatewayError,
  jsonDepth,
  MAX_ANSWER_DEPTH,
  postToGateway,
  readGatewayAnswer,
  runQuery,
} from "./client.ts";
import { graphql } from "./graphql.ts";

const StaleQuery = graphql(`
  query IsStaleLimits($chain: Chain!) {
    isV3SubgraphStale(chain: $chain)
  }
`);

function nested(levels: number): string {
  return `{"data":{"isV3SubgraphStale":${"[".repeat(levels)}${"]".repeat(levels)}}}`;
}

async function gzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as BlobPart]).stream().pipeThrough(new CompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** A loopback gateway whose path picks a hostile answer; counts bytes it managed to send. */
async function withHostileGateway(fn: (base: string, sent: { bytes: number }) => Promise<void>) {
  const sent = { bytes: 0 };
  const bomb = await gzip(new Uint8Array(64 * 1024 * 1024).fill(0x20));
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    await request.body?.cancel();
    switch (new URL(request.url).pathname) {
      case "/deep":
        return new Response(nested(8_000), { headers: { "content-type": "application/json" } });
      case "/big-declared":
        return new Response(`{"data":{"x":"${"a".repeat(3 * 1024 * 1024)}"}}`, {
          headers: { "content-type": "application/json" },
        });
      case "/big-streamed": {
        // No Content-Length: 1 KiB chunks until the reader goes away (at most 64 MiB).
        const chunk = new TextEncoder().encode("a".repeat(1024));
        let n = 0;
        const body = new ReadableStream<Uint8Array>({
          pull(controller) {
            if (n === 0) controller.enqueue(new TextEncoder().encode('{"data":{"x":"'));
            if (++n > 64 * 1024) return controller.close();
            sent.bytes += chunk.length;
            controller.enqueue(chunk);
          },
        });
        return new Response(body, { headers: { "content-type": "application/json" } });
      }
      case "/gzip-bomb":
        return new Response(bomb as BodyInit, {
          headers: { "content-type": "application/json", "content-encoding": "gzip" },
        });
      default:
        return Response.json({ data: { isV3SubgraphStale: false } });
    }
  });
  try {
    await fn(`http://127.0.0.1:${server.addr.port}`, sent);
  } finally {
    await server.shutdown();
  }
}

async function rejection(promise: Promise<unknown>): Promise<GatewayError> {
  try {
    await promise;
  } catch (error) {
    assert.ok(error instanceof GatewayError, `expected a GatewayError, got ${error}`);
    return error;
  }
  assert.fail("expected a rejection");
}

Deno.test("jsonDepth counts nesting outside strings and stops past the limit", () => {
  assert.equal(jsonDepth("1"), 0);
  assert.equal(jsonDepth('{"a":[1,{"b":[]}]}'), 4);
  assert.equal(jsonDepth('{"a":"[[[[{{{{\\"[[["}'), 1);
  assert.equal(jsonDepth('["\\\\", [[]]]'), 3);
  assert.equal(jsonDepth("[".repeat(10_000), 64), 65);
});

Deno.test("an answer nested 8,000 levels deep is a limit error before urql walks it", async () => {
  await withHostileGateway(async (base) => {
    const error = await rejection(
      runQuery(createGatewayClient({ url: `${base}/deep` }), StaleQuery, { chain: "ETHEREUM" }),
    );
    assert.equal(error.kind, "limit");
    assert.match(error.message, new RegExp(`deeper than ${MAX_ANSWER_DEPTH} levels`));
    const direct = await rejection(postToGateway(`${base}/deep`, { method: "POST" }));
    assert.equal(direct.kind, "limit");
    // An answer exactly at the cap is accepted.
    const atCap = nested(MAX_ANSWER_DEPTH - 2);
    assert.equal(jsonDepth(atCap), MAX_ANSWER_DEPTH);
    checkGatewayJson(atCap);
    assert.throws(
      () => checkGatewayJson(nested(MAX_ANSWER_DEPTH - 1)),
      (e) => e instanceof GatewayError && e.kind === "limit",
    );
  });
});

Deno.test("answers over the byte cap are limit errors: declared, streamed, and gzip bombs", async () => {
  await withHostileGateway(async (base, sent) => {
    const client = (path: string) => createGatewayClient({ url: `${base}${path}`, maxBytes: 64 * 1024 });
    const declared = await rejection(runQuery(client("/big-declared"), StaleQuery, { chain: "ETHEREUM" }));
    assert.equal(declared.kind, "limit");
    assert.match(declared.message, /declares \d+ bytes, over the 65536 byte cap/);

    const streamed = await rejection(runQuery(client("/big-streamed"), StaleQuery, { chain: "ETHEREUM" }));
    assert.equal(streamed.kind, "limit");
    assert.match(streamed.message, /exceeds the 65536 byte cap/);
    // The reader stopped near the cap instead of draining 64 MiB (socket buffers allow some slack).
    assert.ok(sent.bytes < 16 * 1024 * 1024, `the server sent ${sent.bytes} bytes`);

    const bomb = await rejection(runQuery(client("/gzip-bomb"), StaleQuery, { chain: "ETHEREUM" }));
    assert.equal(bomb.kind, "limit");
    assert.match(bomb.message, /exceeds the 65536 byte cap/);

    const fine = await runQuery(client("/ok"), StaleQuery, { chain: "ETHEREUM" });
    assert.deepEqual(fine.data, { isV3SubgraphStale: false });
  });
});

Deno.test("readGatewayAnswer reads within the cap and counts decoded bytes", async () => {
  const text = await readGatewayAnswer(new Response("é".repeat(100)), { maxBytes: 200 });
  assert.equal(text, "é".repeat(100));
  await assert.rejects(
    readGatewayAnswer(new Response("é".repeat(101)), { maxBytes: 200 }),
    (error) => error instanceof GatewayError && error.kind === "limit",
  );
});
