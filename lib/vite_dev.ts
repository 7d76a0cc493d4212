/**
 * Development mode: a Vite dev server (HMR) on a loopback port beside the
 * service. The service stays the front door: it forwards Vite's own paths
 * (modules, HMR client, dependencies) to Vite and renders pages with the
 * server build Vite compiles on the fly.
 *
 * @module
 */
import type { ServerBuild } from "@remix-run/server-runtime";
import type { ServiceOptions } from "./service.ts";

const VITE_PATHS = /^\/(@vite|@id|@fs|@react-refresh|@remix-run|app\/|node_modules\/|__vite|lib\/|queries\/)/;

/** Starts Vite in dev mode and returns the options that plug it into the service. */
export async function startViteDev(): Promise<ServiceOptions> {
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { host: "127.0.0.1", port: 0, strictPort: false, hmr: { host: "127.0.0.1" } },
  });
  await vite.listen();
  const address = vite.httpServer?.address();
  if (!address || typeof address === "string") throw new Error("Vite dev server did not report its port");
  const viteOrigin = `http://127.0.0.1:${address.port}`;
  console.log(JSON.stringify({ level: "info", msg: `Vite dev server (HMR) on ${viteOrigin}` }));
  return {
    loadBuild: () => vite.ssrLoadModule("virtual:remix/server-build") as Promise<ServerBuild>,
    async devMiddleware(request) {
      const url = new URL(request.url);
      if (!VITE_PATHS.test(url.pathname)) return null;
      const upstream = await fetch(new URL(url.pathname + url.search, viteOrigin), {
        method: request.method,
        headers: request.headers,
        redirect: "manual",
      });
      return new Response(upstream.body, { status: upstream.status, headers: upstream.headers });
    },
    onShutdown: () => vite.close(),
  };
}
