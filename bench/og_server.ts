/**
 * og/'s own share of a cache hit: a bare `Deno.serve` whose only route is
 * `createImageHandler` (og/mod.ts) over an in-memory image cache holding the
 * given PNG for one token, no logging, routing or other middleware of the
 * service. `deno run -A bench/og_server.ts file.png 0xADDRESS`; prints
 * `Listening on http://127.0.0.1:PORT` and answers
 * `/api/image/tokens/ethereum/{address}`.
 *
 * @module
 */
import { createImageHandler, type ImageCache } from "../og/mod.ts";

const png = await Deno.readFile(Deno.args[0]);
const address = Deno.args[1].toLowerCase();
const cache: ImageCache = {
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
