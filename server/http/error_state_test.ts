import assert from "node:assert/strict";
import { compressResponse } from "./compress.ts";
import { containsMark, errorStateOf, scanningErrorState } from "./error_state.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

async function scan(parts: string[]): Promise<boolean | null> {
  const { stream, verdict } = scanningErrorState();
  const writer = stream.writable.getWriter();
  const read = new Response(stream.readable).text();
  for (const part of parts) await writer.write(bytes(part));
  await writer.close();
  assert.equal(await read, parts.join(""), "the same bytes pass through");
  return verdict;
}

Deno.test("scanningErrorState finds the mark in a chunk, across two chunks and across many short ones", async () => {
  assert.equal(await scan(['<div class="state-error">x</div>']), true);
  assert.equal(await scan(['<div class="state-e', 'rror">x</div>']), true);
  assert.equal(await scan(["<p>", "st", "a", "te", "-e", "rr", "or", "</p>"]), true);
  assert.equal(await scan(['<div class="state-ok">', "error</div>", "state-", "err"]), false);
  assert.equal(await scan([]), false);
});

Deno.test("scanningErrorState: a cancelled stream gives no verdict (null)", async () => {
  const { stream, verdict } = scanningErrorState();
  const reader = stream.readable.getReader();
  await reader.cancel("gone");
  assert.equal(await verdict, null);
});

Deno.test("containsMark looks from an offset", () => {
  assert.ok(containsMark(bytes("state-error")));
  assert.ok(!containsMark(bytes("state-error"), 1));
  assert.ok(!containsMark(bytes("state-erro")));
});

Deno.test("compressResponse notes the raw document's verdict on the compressed body; not on other types", async () => {
  for (
    const [html, expected] of [["<main>fine</main>".repeat(200), false], [
      '<p class="state-error">no</p>'.repeat(100),
      true,
    ]] as const
  ) {
    const response = compressResponse(
      new Request("http://x/", { headers: { "accept-encoding": "br" } }),
      new Response(html, { headers: { "content-type": "text/html; charset=utf-8" } }),
    );
    assert.equal(response.headers.get("content-encoding"), "br");
    const verdict = errorStateOf(response.body);
    assert.ok(verdict, "a verdict is noted");
    await response.arrayBuffer();
    assert.equal(await verdict, expected);
  }
  const json = compressResponse(
    new Request("http://x/", { headers: { "accept-encoding": "gzip" } }),
    new Response(JSON.stringify({ a: "state-error".repeat(200) }), { headers: { "content-type": "application/json" } }),
  );
  assert.equal(errorStateOf(json.body), undefined);
  await json.body?.cancel();
});
