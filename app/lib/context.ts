/**
 * The load context as the screens read it. `server.ts` hands every loader a
 * `LoadContext` (`lib/load_context.ts`); this names its type where Remix
 * types it loosely.
 *
 * @module
 */
import type { AppLoadContext } from "@remix-run/server-runtime";
import type { LoadContext } from "../../lib/load_context.ts";

/** The request's load context with its real type. */
export function loadContext(context: AppLoadContext): LoadContext {
  return context as unknown as LoadContext;
}
