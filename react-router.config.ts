/**
 * React Router framework-mode options: server rendering on, the app in
 * `app/`, the build in `build/` (`build/server/index.js`, `build/client/`).
 *
 * @module
 */
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  buildDirectory: "build",
  ssr: true,
  future: {
    // Dev: Vite pre-bundles the dependencies of every route up front, so a first visit never re-optimizes
    // mid-session (which loads a second copy of React and breaks hooks until a reload).
    unstable_optimizeDeps: true,
    // Loaders receive the service's load context object (AppLoadContext), not a middleware context.
    v8_middleware: false,
    // Route modules are split so a page loads its loader-free client code only.
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: false,
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
