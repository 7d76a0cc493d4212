/**
 * og/'s own share of a cache hit: a bare `Deno.serve` whose only route is
 * `createImageHandler` (og/mod.ts), no logging, routing or other middleware
 * of the service. `deno run -A bench/og_server.ts file.png 0xADDRESS [kv]`;
 * prints `Listening on http://127.0.0.1:PORT` and answers
 * `/api/image/tokens/ethereum/{address}` with the given PNG:
 *
 * - by default from an in-memory image cache (og/'s handler alone);
 * - with `kv`, from the service's own cache (`server/cache/kv_cache.ts`) over
 *   a Deno KV file in a temporary folder, with its in-memory LRU off, so every
 *   request reads the image's chunks from KV: what a cache hit costs when
 *   neither the guard's microcache nor the LRU holds the image.
 *
 * @module
 */
import { createImageHandler, type ImageCache } from "../og/mod.ts";
import { createCache } from "../server/cache/kv_cache.ts";

const png = await Deno.readFile(Deno.args[0]);
const address = Deno.args[1].toLowerCase();
const mode = Deno.args[2] ?? "memory";

async function kvCache(): Promise<ImageCache> {
  const dir = await Deno.makeTempDir({ prefix: "bench-kv-" });
  const kv = await Deno.openKv(`${dir}/kv.sqlite3`);
  globalThis.addEventListener("unload", () => Deno.removeSync(dir, { recursive: true }));
  const cache = createCache(kv, { lruBytes: 0 });
  await cache.setImage("token", "ethereum", address, png);
  const read = await cache.getImage("token", "ethereum", address);
  if (read?.length !== png.length) throw new Error("Cannot read the image back from KV");
  return cache;
}

const cache: ImageCache = mode === "kv" ? await kvCache() : {
  getImage: (kind, chainName, key) =>
    Promise.resolve(kind === "token" && chainName === "ethereum" && key === address ? png : null),
  setImage: () => Promise.resolve(),
};
const images = createImageHandler({
  previews: { token: () => Promise.resolve(null), pool: () => Promise.resolve(null) },
  cache,
  staticDir: "/nonexistent",
  logoAllowedHosts: [],
});
Deno.serve({
  hostname: "127.0.0.1",
  port: 0,
  onListen: ({ port }) => console.log(`Listening on http://127.0.0.1:${port}`),
}, (request) => {
  const [, , , , chainName, tokenAddress] = new URL(request.url).pathname.split("/");
  return images(request, { kind: "token", chainName, address: tokenAddress });
});
