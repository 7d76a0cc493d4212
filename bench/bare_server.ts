/**
 * The ceiling of a cache hit: a bare `Deno.serve` that answers every request
 * with the same bytes from memory (the ones the service answered) and the
 * same headers, and nothing else.
 *
 * `deno run -A bench/bare_server.ts body.bin [headers.json]`: `headers.json`
 * holds the `[name, value]` pairs to send (the service's own, as
 * `bench/hot_path.ts` writes them); without it, the headers of a cached PNG.
 * Prints `Listening on http://127.0.0.1:PORT`.
 *
 * @module
 */
const body = await Deno.readFile(Deno.args[0]);
const headers: [string, string][] = Deno.args[1] ? JSON.parse(await Deno.readTextFile(Deno.args[1])) : [
  ["content-type", "image/png"],
  ["cache-control", "public, immutable, no-transform, max-age=604800"],
  ["x-content-type-options", "nosniff"],
];
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`Listening on http://127.0.0.1:${port}`),
}, () => new Response(body, { headers }));
