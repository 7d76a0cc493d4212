/** Loading, error, empty, not-found and wallet-needed states. */
import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import type { ReactNode } from "react";

/**
 * A gateway failure: the message and a retry button that reruns the page's
 * loaders (a reload before hydration).
 */
export function ErrorState(
  { title = "Could not load data", message, onRetry, page = false }: {
    title?: string;
    message: string;
    onRetry?: () => void;
    /** The state is the whole page: its title is the page's `h1`. */
    page?: boolean;
  },
) {
  const revalidator = useRevalidator();
  const retrying = revalidator.state === "loading";
  return (
    <div className="state state-error" role="alert">
      {page ? <h1>{title}</h1> : <h2>{title}</h2>}
      <p>{message}</p>
      <button
        type="button"
        className="button"
        disabled={retrying}
        onClick={() => (onRetry ? onRetry() : revalidator.revalidate())}
      >
        {retrying ? "Retrying…" : "Retry"}
      </button>
    </div>
  );
}

/** A friendly not-found state with a way back. */
export function NotFoundState(
  { title, children }: { title: string; children?: ReactNode },
) {
  return (
    <div className="state state-empty">
      <h1>{title}</h1>
      {children}
      <p>
        <Link to="/explore">Explore tokens and pools</Link>
      </p>
    </div>
  );
}

/**
 * Shown where an action is informational in this interface (limit orders,
 * fiat, V4 positions, passkeys, NFT listings): it says so, and where wallet
 * actions do work.
 */
export function ConnectWalletState(
  { action = "continue" }: { action?: string },
) {
  return (
    <div className="state state-wallet">
      <p>
        <strong>Connect a wallet to {action}.</strong>
      </p>
      <p className="muted">
        This screen is informational: it cannot {action}{" "}
        with your wallet yet. Trades, transfers and V2 and V3 positions work with your wallet on their own screens.
      </p>
      <button type="button" className="button" disabled aria-disabled="true">
        Connect a wallet to {action}
      </button>
    </div>
  );
}

/** A short loading note (for client-side refetches). */
export function Loading({ label = "Loading…" }: { label?: string }) {
  return (
    <p className="loading" role="status">
      {label}
    </p>
  );
}

/**
 * The `ErrorBoundary` of a screen: a 404 becomes a friendly not-found state,
 * anything else an error message with a retry, inside the site layout.
 */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) {
    return (
      <NotFoundState title="Nothing here">
        <p>{typeof error.data === "string" ? error.data : "This page does not exist."}</p>
      </NotFoundState>
    );
  }
  return (
    <ErrorState
      page
      title="This screen could not be shown"
      message="Something went wrong while loading it. Please try again."
    />
  );
}
