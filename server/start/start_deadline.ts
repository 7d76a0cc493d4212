/**
 * A deadline on the service's start: a start that neither listens nor
 * fails within it is reported with the step it was at, and the process
 * exits (1) so that whatever supervises it starts it again, instead of a
 * process that looks alive and serves nothing.
 *
 * @module
 */

/** How long the service may take from its start to listening, in ms. */
export const START_TIMEOUT_MS = 60_000;

/** A running deadline: the steps it passes and its end. */
export interface StartDeadline {
  /** Names the step the start is at now (the one reported when the deadline passes). */
  step(name: string): void;
  /** The start is over (listening, or failed): the deadline is off. */
  done(): void;
}

/**
 * Starts a deadline of `ms`; past it `expired` is called once with the
 * last step named (`"starting"` before any).
 */
export function startDeadline(ms: number, expired: (step: string) => void): StartDeadline {
  let current = "starting";
  const timer = setTimeout(() => expired(current), ms);
  return {
    step(name) {
      current = name;
    },
    done() {
      clearTimeout(timer);
    },
  };
}
