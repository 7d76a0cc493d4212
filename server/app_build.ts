/**
 * Loads the React Router server build that `deno task build` writes to
 * `build/server/index.js`.
 *
 * The specifier is computed so that type checking does not infer types from
 * the generated bundle (it is JavaScript; `ServerBuild` is its type).
 *
 * @module
 */
import type { ServerBuild } from "react-router";

const BUILD_URL = new URL("../build/server/index.js", import.meta.url).href;

/** Imports the production server build. */
export async function importServerBuild(): Promise<ServerBuild> {
  return await import(BUILD_URL) as ServerBuild;
}
