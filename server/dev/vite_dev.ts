/**
 * Development mode: a Vite dev server (HMR) on a free loopback port beside the
 * service. The service stays the only front door, on `PORT`: it forwards
 * Vite's own paths (modules, HMR client, dependencies) to Vite, relays the
 * HMR WebSocket, and renders pages with the server build Vite compiles on the
 * fly.
 *
 * @module
 */
import type { ServerBuild } from "react-router";
import { isWebSocketUpgrade, proxyWebSocket } from "../proxies/ws_proxy.ts";
import { logger } from "../log.ts";

const VITE_PATHS = /^\/(@vite|@id|@fs|@react-refresh|@react-router|app\/|node_modules\/|__vite|lib\/|queries\/)/;

/** A TCP port that is free on `hostname` right now. */
export function freePort(hostname = "127.0.0.1"): number {
  const listener = Deno.listen({ hostname, port: 0 });
  const { port } = listener.addr as Deno.NetAddr;
  listener.close();
  return port;
}

/** Options of {@linkcode startViteDev}. */
export interface ViteDevOptions {
  /** The service's own port (`PORT`): the port the browser's HMR client connects to. */
  port: number;
}

/** What plugs Vite into the service (`ServiceOptions` of `server.ts`). */
export interface ViteDev {
  /** The server build as Vite compiles it, per request. */
  loadBuild(): Promise<ServerBuild>;
  /** Answers Vite's own paths and the HMR WebSocket, or `null`. */
  devMiddleware(request: Request): Promise<Response | null>;
  /** Closes Vite. */
  onShutdown(): Promise<void>;
}

/** Starts Vite in dev mode and returns what plugs it into the service. */
export async function startViteDev(options: ViteDevOptions): Promise<ViteDev> {
  const { createServer } = await import("vite");
  const vitePort = freePort();
  const vite = await createServer({
    server: {
      host: "127.0.0.1",
      port: vitePort,
      strictPort: true,
      // The browser reaches HMR through the service's port; the service relays it to Vite.
      hmr: options.port ? { clientPort: options.port } : {},
    },
  });
  await vite.listen();
  const viteOrigin = `http://127.0.0.1:${vitePort}`;
  logger.info(`Vite dev server (HMR) on ${viteOrigin}, reached through PORT`);
  return {
    loadBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    async devMiddleware(request) {
      const url = new URL(request.url);
      if (isWebSocketUpgrade(request)) {
        if (/\bvite-(hmr|ping)\b/.test(request.headers.get("sec-websocket-protocol") ?? "")) {
          return proxyWebSocket(request, `ws://127.0.0.1:${vitePort}${url.pathname}${url.search}`, {
            protocols: ["vite-hmr", "vite-ping"],
          });
        }
        return null;
      }
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
