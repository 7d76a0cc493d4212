import assert from "node:assert/strict";
import { SERVICE_V8_FLAGS } from "./v8_flags.ts";

Deno.test("deno task start runs server.ts with SERVICE_V8_FLAGS", async () => {
  const config = JSON.parse(await Deno.readTextFile(new URL("../../deno.json", import.meta.url)));
  const start: string = config.tasks.start;
  assert.match(start, new RegExp(`deno run -A --v8-flags=${SERVICE_V8_FLAGS} server\\.ts$`), start);
});
