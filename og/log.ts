/**
 * The share images' own logger, so that `og/` imports nothing of the service:
 * the service hands its logger in (`createImageHandler({ logger })`, see
 * {@linkcode useLogger}); until then, and in the render worker processes,
 * lines are JSON objects (`level`, `msg`, `time`, fields) written with
 * `console.log` (a render worker sends its console to stderr).
 *
 * @module
 */
import type { ImageLogger } from "../lib/preview_images.ts";

export type { ImageLogger } from "../lib/preview_images.ts";

/** Extra fields of a line; values must be JSON-serialisable. */
export type LogFields = Readonly<Record<string, unknown>>;

function line(level: string, msg: string, fields: LogFields | undefined): void {
  console.log(JSON.stringify({ level, msg, time: new Date().toISOString(), ...fields }));
}

/** JSON lines through `console.log` (debug lines dropped, as the service's logger does by default). */
export const consoleLogger: ImageLogger = {
  debug: () => {},
  info: (msg, fields) => line("info", msg, fields),
  warn: (msg, fields) => line("warn", msg, fields),
  error: (msg, fields) => line("error", msg, fields),
};

let current: ImageLogger = consoleLogger;

/** The logger of every module of `og/`: it writes where {@linkcode useLogger} said. */
export const logger: ImageLogger = {
  debug: (msg, fields) => current.debug(msg, fields),
  info: (msg, fields) => current.info(msg, fields),
  warn: (msg, fields) => current.warn(msg, fields),
  error: (msg, fields) => current.error(msg, fields),
};

/** Sends `og/`'s lines to `next` (the service's logger); returns the previous one. */
export function useLogger(next: ImageLogger): ImageLogger {
  const previous = current;
  current = next;
  return previous;
}

/** The message of anything thrown, for an `error` field (never a stack). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
