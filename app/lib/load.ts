/**
 * How screen loaders call the gateway: a failure becomes data the screen
 * renders (an error message with a retry), never a blank page or a 500.
 *
 * @module
 */
import type { GatewayError } from "../../queries/client.ts";
import type { LoadContext } from "../../lib/load_context.ts";

/**
 * Why a page has nothing to show, the one shape of every page loader's
 * failure: the thing the URL names is not there (`not-found`, the message
 * says what), or the gateway failed (`error`, in plain words). Parts of a
 * page that fail on their own are {@linkcode Loaded}.
 */
export type PageProblem =
  | { readonly status: "not-found"; readonly message: string }
  | { readonly status: "error"; readonly message: string };

/** What a page's frame carries besides its own data: the thing it shows (`ref`), its chain, and the render time. */
export interface PageFrame<Ref> {
  readonly status: "ok";
  readonly ref: Ref;
  /** The chain's URL name (`ethereum`). */
  readonly chainName: string;
  readonly chainLabel: string;
  /** Reference time in milliseconds for "ago" labels (stable across hydration). */
  readonly now: number;
}

/** The page problem of a URL whose chain this app does not know. */
export function unknownChain(chainName: string): PageProblem {
  return { status: "not-found", message: `"${chainName}" is not a network this app knows.` };
}

/** A loader's gateway result for one part of a page: the data, or what went wrong in plain words. */
export type Loaded<T> =
  | { readonly ok: true; readonly data: T }
  | { readonly ok: false; readonly error: string };

/**
 * Whether `error` is the gateway client's `GatewayError`, told by its name:
 * browser code asks this without loading the client (urql and the query
 * documents stay out of a first visit).
 */
function isGatewayError(error: unknown): error is GatewayError {
  return error instanceof Error && error.name === "GatewayError" && "kind" in error;
}

/** A gateway failure in words a user understands. */
export function gatewayMessage(error: unknown): string {
  if (isGatewayError(error)) {
    switch (error.kind) {
      case "timeout":
        return "The data gateway took too long to answer.";
      case "network":
        return "The data gateway cannot be reached right now.";
      case "http":
        return `The data gateway answered with an error (HTTP ${error.status ?? "?"}).`;
      case "parse":
        return "The data gateway sent an answer that cannot be read.";
      case "graphql":
        return `The data gateway could not answer: ${error.errors.map((e) => e.message).join("; ") || error.message}`;
    }
  }
  return "Something went wrong while loading data.";
}

/**
 * Runs a gateway call for a loader. Failures are logged (a warning through the
 * load context's logger, `server/log.ts`) and returned as `{ ok: false, error }`.
 */
export async function load<T>(
  context: Pick<LoadContext, "logger">,
  call: () => Promise<T>,
): Promise<Loaded<T>> {
  try {
    return { ok: true, data: await call() };
  } catch (error) {
    context.logger.warn("Gateway call of a screen failed", {
      error: error instanceof Error ? error.message : String(error),
    });
    return { ok: false, error: gatewayMessage(error) };
  }
}
