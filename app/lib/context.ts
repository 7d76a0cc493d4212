/**
 * The load context as the screens read it. `server.ts` hands every loader a
 * `LoadContext`; importing it here loads the `AppLoadContext` augmentation of
 * `lib/load_context.ts`, so the context is typed without a cast.
 *
 * @module
 */
import type { AppLoadContext } from "react-router";
import type { LoadContext } from "../../lib/load_context.ts";

/** The request's load context with its real type. */
export function loadContext(context: AppLoadContext): LoadContext {
  return context;
}
