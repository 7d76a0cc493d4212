/** Helpers for file paths of the repository. @module */
import { fileURLToPath } from "node:url";

/** Converts a `file:` URL into a path; a directory URL keeps its trailing slash. */
export function fromFileUrl(url: URL): string {
  const path = fileURLToPath(url);
  return url.pathname.endsWith("/") && !path.endsWith("/") ? `${path}/` : path;
}

export { dirname } from "node:path";
