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
import { defineConfig, type Plugin } from "vite";

/**
 * WalletConnect's own copies of the ESM packages it shares with viem
 * (`@noble/*`, `@scure/*`, `ox`), in the client build. Rollup emits every
 * binding a module's importers use in the one chunk holding that module: the
 * extra ones WalletConnect needs (SHA-512, ...) would land in the wallet chunk
 * the send and liquidity pages load first (/swap loads it at idle). Under a distinct module id they stay in
 * WalletConnect's own chunk, loaded only when it is picked (app/wallet/README.md).
 */
function walletConnectOwnCopies(): Plugin {
  const suffix = "?walletconnect";
  return {
    name: "walletconnect-own-copies",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer, options) {
      if (!importer || options.ssr) return null;
      const copied = importer.endsWith(suffix);
      if (!copied && !/[\\/]@walletconnect[\\/]/.test(importer)) return null;
      const from = copied ? importer.slice(0, -suffix.length) : importer;
      const resolved = await this.resolve(source, from, { ...options, skipSelf: true });
      if (!resolved || resolved.external || resolved.id.includes("\0") || resolved.id.includes("?")) return resolved;
      return /[\\/](@noble|@scure|ox)[\\/]/.test(resolved.id) ? { ...resolved, id: resolved.id + suffix } : resolved;
    },
  };
}

/**
 * Modules of `lib/` whose top level only builds tables from constants
 * (`PREVIEW_ROUTES.map(compile)`), which Rollup cannot prove free of side
 * effects: in the client build they are marked so, and a chunk that uses
 * none of their exports leaves them out (the root imports two constants of
 * `lib/preview_meta.ts`, whose import of `lib/preview_routes.ts` would
 * otherwise put the whole whitelist in every first visit).
 */
function tablesWithoutSideEffects(): Plugin {
  const TABLES = /[\\/]lib[\\/]preview_routes\.ts$/;
  return {
    name: "tables-without-side-effects",
    enforce: "pre",
    apply: "build",
    async resolveId(source, importer, options) {
      if (options.ssr || !/preview_routes/.test(source)) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && TABLES.test(resolved.id) ? { ...resolved, moduleSideEffects: false } : resolved;
    },
  };
}

/**
 * Node's built-ins named bare in the server build (`require("stream")` in
 * React's Node renderer, `app/entry.server.tsx`) imported as `node:` modules,
 * the only way Deno loads them from a file outside `node_modules`.
 */
function nodeBuiltinsPrefixed(): Plugin {
  const BUILTINS = new Set(["async_hooks", "buffer", "crypto", "events", "stream", "util"]);
  return {
    name: "node-builtins-prefixed",
    enforce: "pre",
    apply: "build",
    resolveId(source, _importer, options) {
      return options.ssr && BUILTINS.has(source) ? { id: `node:${source}`, external: true } : null;
    },
  };
}

/**
 * React and React Router in one client chunk, as every page loads both before
 * it hydrates: left to Rollup, React becomes a chunk of its own once a lazily
 * loaded chunk (the swap panel's wallet libraries) shares it without React
 * Router, one more request and 0.4 KB gzip more on every first visit.
 */
function reactWithRouter(id: string): string | undefined {
  return /[\\/]node_modules[\\/]\.deno[\\/](react|react-router)@/.test(id) ? "react-router" : undefined;
}

export default defineConfig(({ command, isSsrBuild }) => ({
  publicDir: "static",
  plugins: [walletConnectOwnCopies(), tablesWithoutSideEffects(), nodeBuiltinsPrefixed(), reactRouter()],
  ssr: {
    resolve: {
      conditions: ["deno", "worker"],
      externalConditions: ["deno", "worker"],
    },
    noExternal: command === "build" ? true : undefined,
    target: "webworker",
  },
  build: { target: "es2022", rollupOptions: isSsrBuild ? {} : { output: { manualChunks: reactWithRouter } } },
  server: { fs: { allow: ["."] } },
  clearScreen: false,
  logLevel: "warn",
}));
