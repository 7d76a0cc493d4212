/**
 * The ceiling of a cache hit: a bare `Deno.serve` that answers every request
 * with the same PNG bytes from memory (the ones the service answered) and the
 * same headers, and nothing else. `deno run -A bench/bare_server.ts file.png`;
 * prints `Listening on http://127.0.0.1:PORT`.
 *
 * @module
 */
const png = await Deno.readFile(Deno.args[0]);
const headers = [
  ["content-type", "image/png"],
  ["cache-control", "public, immutable, no-transform, max-age=604800"],
  ["x-content-type-options", "nosniff"],
] as [string, string][];
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`Listening on http://127.0.0.1:${port}`),
}, () => new Response(png, { headers }));
