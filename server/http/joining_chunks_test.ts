import assert from "node:assert/strict";
import { joiningChunks } from "./joining_chunks.ts";

const bytes = (text: string) => new TextEncoder().encode(text);

Deno.test("joiningChunks: chunks written within one turn leave as one, the same bytes in order", async () => {
  const joining = joiningChunks(1024);
  const writer = joining.writable.getWriter();
  const out: string[] = [];
  const reading = (async () => {
    for await (const chunk of joining.readable) out.push(new TextDecoder().decode(chunk));
  })();
  await Promise.all(["<html>", "<head>", "</head>"].map((part) => writer.write(bytes(part))));
  await new Promise((resolve) => setTimeout(resolve, 5));
  await writer.write(bytes("<body>"));
  await writer.close();
  await reading;
  assert.deepEqual(out, ["<html><head></head>", "<body>"]);
});

Deno.test("joiningChunks: past its size a join leaves at once; nothing is lost at the end", async () => {
  const joining = joiningChunks(8);
  const writer = joining.writable.getWriter();
  const out: number[] = [];
  const reading = (async () => {
    for await (const chunk of joining.readable) out.push(chunk.length);
  })();
  for (const part of ["12345", "6789", "ab", "c"]) await writer.write(bytes(part));
  await writer.close();
  await reading;
  assert.deepEqual(out, [9, 3]);
});

Deno.test("joiningChunks: a cancelled stream drops what it held, and no timer fires into it", async () => {
  const joining = joiningChunks(1024);
  const writer = joining.writable.getWriter();
  const reader = joining.readable.getReader();
  const first = reader.read(); // the join leaves at the next turn
  await writer.write(bytes("held"));
  await writer.write(bytes(" too"));
  assert.equal(new TextDecoder().decode((await first).value), "held too");
  const pending = writer.write(bytes("dropped")).catch(() => "rejected");
  await reader.cancel("gone");
  await new Promise((resolve) => setTimeout(resolve, 5));
  assert.equal(await pending, "rejected");
  await assert.rejects(writer.write(bytes("late")));
});
