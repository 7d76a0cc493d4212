/**
 * Where the share-image code finds files of npm packages at run time.
 *
 * @module
 */

const NODE_MODULES = new URL("../node_modules/", import.meta.url);

/**
 * Absolute file path of `file` inside the installed npm package `pkg`
 * (`node_modules/` at the repository root, filled by `deno install`).
 *
 * @example
 * ```ts
 * packageFile("@resvg/resvg-wasm", "index_bg.wasm");
 * ```
 */
export function packageFile(pkg: string, file: string): string {
  return filePath(new URL(`${pkg}/${file}`, NODE_MODULES));
}

/**
 * The path of a `file:` URL (what `node:url` `fileURLToPath` gives, without
 * loading Node's compatibility layer into the service's process).
 */
function filePath(url: URL): string {
  const path = decodeURIComponent(url.pathname);
  return Deno.build.os === "windows" ? path.slice(1).replaceAll("/", "\\") : path;
}
