import assert from "node:assert/strict";
import { servesDemoData } from "./demo_mode.ts";

Deno.test("servesDemoData: demo exactly when GRAPHQL_URL is unset", () => {
  const before = Deno.env.get("GRAPHQL_URL");
  try {
    Deno.env.delete("GRAPHQL_URL");
    assert.equal(servesDemoData(), true);
    Deno.env.set("GRAPHQL_URL", "https://gateway.example/v1/graphql");
    assert.equal(servesDemoData(), false);
  } finally {
    if (before === undefined) Deno.env.delete("GRAPHQL_URL");
    else Deno.env.set("GRAPHQL_URL", before);
  }
});
