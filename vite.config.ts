/**
 * Vite configuration of the Remix front end.
 *
 * The server build is bundled whole (`ssr.noExternal`) so that `server.ts`
 * imports one self-contained module; in dev, modules stay external and Vite
 * loads them from `node_modules`.
 *
 * @module
 */
import { vitePlugin as remix } from "@remix-run/dev";
import { defineConfig } from "vite";

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export default defineConfig(({ command }) => ({
  publicDir: "static",
  plugins: [
    remix({
      future: {
        v3_fetcherPersist: true,
        v3_lazyRouteDiscovery: true,
        v3_relativeSplatPath: true,
        v3_routeConfig: true,
        v3_singleFetch: true,
        v3_throwAbortReason: true,
      },
    }),
  ],
  ssr: {
    resolve: {
      conditions: ["deno", "worker"],
      externalConditions: ["deno", "worker"],
    },
    noExternal: command === "build" ? true : undefined,
    target: "webworker",
  },
  build: { target: "es2022" },
  server: { fs: { allow: ["."] } },
  clearScreen: false,
  logLevel: "warn",
}));
