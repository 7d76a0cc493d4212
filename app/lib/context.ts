/**
 * The load context as the screens read it. `server.ts` hands every loader a
 * `LoadContext`; importing it here loads the `AppLoadContext` augmentation of
 * `lib/load_context.ts`, so the context is typed without a cast. In the
 * browser, the gateway is the same-origin proxy at
 * {@linkcode BROWSER_GRAPHQL_PATH}.
 *
 * @module
 */
import type { AppLoadContext } from "react-router";
import type { LoadContext } from "../../lib/load_context.ts";

export { BROWSER_GRAPHQL_PATH } from "../../lib/load_context.ts";

/** The request's load context with its real type. */
export function loadContext(context: AppLoadContext): LoadContext {
  return context;
}
