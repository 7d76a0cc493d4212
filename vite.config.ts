/**
 * Vite configuration of the React Router front end (framework mode; the
 * options of the router itself are in `react-router.config.ts`).
 *
 * The server build is bundled whole (`ssr.noExternal`) so that `server.ts`
 * imports one self-contained module; in dev, modules stay external and Vite
 * loads them from `node_modules`.
 *
 * @module
 */
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig(({ command }) => ({
  publicDir: "static",
  plugins: [reactRouter()],
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
