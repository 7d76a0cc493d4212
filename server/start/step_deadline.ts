/**
 * Deadlines on the service's start and stop: a start that neither listens
 * nor fails within its deadline, or a stop that does not finish within
 * its own, is reported with the step it was at, and the process exits (1)
 * so that whatever supervises it starts it again, instead of a process
 * that looks alive and serves nothing (or holds KV's file and never goes).
 *
 * @module
 */

/** How long the service may take from its start to listening, in ms. */
export const START_TIMEOUT_MS = 60_000;
/** How long the service may take from SIGTERM/SIGINT to its exit, in ms (in-flight requests drain meanwhile). */
export const SHUTDOWN_TIMEOUT_MS = 30_000;

/** A running deadline: the steps it passes and its end. */
export interface StepDeadline {
  /** Names the step the work is at now (the one reported when the deadline passes). */
  step(name: string): void;
  /** The work is over: the deadline is off. */
  done(): void;
}

/**
 * Starts a deadline of `ms`; past it `expired` is called once with the
 * last step named (`"starting"` before any).
 */
export function startDeadline(ms: number, expired: (step: string) => void): StepDeadline {
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
