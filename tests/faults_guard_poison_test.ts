/**
 * The microcache poisoning of issue 31 against the real service (demo defaults, the guard in front): on one
 * connection a request with a lowercase or mixed-case method whose answer has a body, then a crawler's `GET` of a
 * share image or a token page; then the same `GET` from another address must get a well-formed `HTTP/1.1 200` with
 * the PNG or the document, whatever the guard keeps for it. Before the fix the guard read `head` as `HEAD`, took
 * the 405's body for the next answer's start, and kept `Method Not AllowedHTTP/1.1 200 OK` for everyone.
 */
import assert from "node:assert/strict";
import { startServer } from "./server_harness.ts";
import { exchange, pngSize, type RawAnswer } from "./guard_sockets.ts";

const TOKEN = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const IMAGE = `/api/image/tokens/ethereum/${TOKEN}`;
const PAGE = `/explore/tokens/ethereum/${TOKEN}`;
const CRAWLER = "Twitterbot/1.0";
const decoder = new TextDecoder();

function crawlerGet(target: string): string {
  return `GET ${target} HTTP/1.1\r\nHost: H\r\nUser-Agent: ${CRAWLER}\r\n\r\n`;
}

/** The answer is the share image or the crawler document, whole. */
function assertGood(answer: RawAnswer | undefined, target: string, context: string): void {
  assert.ok(answer, `${context}: no answer`);
  assert.equal(answer.version, "HTTP/1.1", context);
  assert.equal(answer.status, 200, context);
  if (target === IMAGE) {
    assert.equal(answer.fields.get("content-type"), "image/png", context);
    assert.deepEqual(pngSize(answer.body), { width: 1200, height: 630 }, context);
  } else {
    assert.match(answer.fields.get("content-type") ?? "", /^text\/html/, context);
    const html = decoder.decode(answer.body);
    assert.match(html, /<meta property="og:image" content="http:\/\/h\/api\/image\/tokens\/ethereum\//i, context);
    assert.match(html, /<\/html>\s*$/, context);
  }
}

Deno.test("faults: pipelined odd-case methods never poison the microcache for other clients", async () => {
  const server = await startServer();
  try {
    // Warm: the image in KV and the crawler's preview cached, so their answers are the ones the guard may keep.
    for (const target of [IMAGE, PAGE]) {
      const warm = await exchange(server.url, crawlerGet(target), { localAddress: "127.0.0.2", methods: ["GET"] });
      assertGood(warm.answers[0], target, `warming ${target}`);
    }
    let checked = 0;
    for (const method of ["head", "Head", "hEAD", "HeaD", "get", "gEt", "post", "options"]) {
      for (const target of [IMAGE, PAGE]) {
        const context = `${method} /rpc/ethereum, then GET ${target}`;
        const poison = await exchange(
          server.url,
          `${method} /rpc/ethereum HTTP/1.1\r\nHost: H\r\n\r\n${crawlerGet(target)}`,
          { localAddress: "127.0.0.3", methods: [method, "GET"] },
        );
        assert.equal(poison.answers.length, 2, `${context}: ${poison.garbage.slice(0, 200)}`);
        assert.ok(poison.answers[0].status >= 400 && poison.answers[0].status < 500, `${context}: odd method`);
        assertGood(poison.answers[1], target, `${context}, same connection`);
        assert.equal(poison.garbage, "", context);
        // Another client, at once and a moment later (within the microcache's 1-2 s): the right bytes.
        for (const wait of [0, 300]) {
          await new Promise((resolve) => setTimeout(resolve, wait));
          const other = await exchange(server.url, crawlerGet(target), {
            localAddress: "127.0.0.4",
            methods: ["GET"],
          });
          assert.equal(
            other.garbage,
            "",
            `${context}: another client got ${JSON.stringify(other.garbage.slice(0, 120))}`,
          );
          assertGood(other.answers[0], target, `${context}: another client after ${wait} ms`);
          checked++;
        }
      }
    }
    assert.equal(checked, 32);
    // Nothing of this reached the error log (odd methods are a 4xx, not a failure).
    const errors = server.output.filter((line) => line.includes('"level":"error"'));
    assert.deepEqual(errors, []);
  } finally {
    await server.stop();
  }
});
