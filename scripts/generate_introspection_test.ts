import assert from "node:assert/strict";
import { OUTPUT_URL, renderIntrospection, SDL_URL } from "./generate_introspection.ts";

Deno.test("queries/introspection.ts is up to date with the demo SDL", async () => {
  const expected = renderIntrospection(await Deno.readTextFile(SDL_URL));
  const actual = await Deno.readTextFile(OUTPUT_URL);
  assert.ok(
    actual === expected,
    "run `deno task gen:introspection`",
  );
  assert.match(actual, /'Chain': \{ name: 'Chain'; enumValues: /);
});
