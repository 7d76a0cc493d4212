/**
 * Opens the KV store of the caches: on Deno Deploy with `DENO_KV_PATH` unset,
 * the managed store (`Deno.openKv()` without a path); otherwise the
 * configured path. Only the default folder (`.data/`) is created; a
 * `DENO_KV_PATH` whose folder does not exist stops the start with a
 * {@linkcode ConfigError}. Any other failure is logged and the service runs
 * without the cache (`null`).
 *
 * @module
 */
import { dirname } from "node:path";
import { type Config, ConfigError, DEFAULT_KV_PATH } from "../config.ts";
import { warnOnce } from "../log.ts";

async function exists(path: string): Promise<boolean> {
  try {
    await Deno.stat(path);
    return true;
  } catch (error) {
    return !(error instanceof Deno.errors.NotFound);
  }
}

/** The KV store, or `null` when it cannot be opened (logged). */
export async function openKv(config: Config): Promise<Deno.Kv | null> {
  if (config.onDeploy && !config.kvPathSet) {
    try {
      return await Deno.openKv();
    } catch (error) {
      warnOnce("kv-open", "Cannot open the managed Deno KV, serving without the cache", error);
      return null;
    }
  }
  const path = config.kvPath;
  const isFile = path !== ":memory:" && !/^[a-z]+:\/\//i.test(path);
  if (isFile) {
    const folder = dirname(path);
    if (!config.kvPathSet && path === DEFAULT_KV_PATH) {
      await Deno.mkdir(folder, { recursive: true });
    } else if (!(await exists(folder))) {
      // A typo in the path stops the start; a folder that exists but cannot hold the store (a regular
      // file, no permission) is a KV failure like any other: logged, and the service runs without it.
      throw new ConfigError(`Cannot open DENO_KV_PATH "${path}": folder "${folder}" does not exist`);
    }
  }
  try {
    return await Deno.openKv(path);
  } catch (error) {
    warnOnce("kv-open", `Cannot open Deno KV at "${path}", serving without the cache`, error);
    return null;
  }
}
