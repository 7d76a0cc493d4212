/**
 * Structured logging: one JSON line per request.
 *
 * @module
 */

/** What one request log line holds. */
export interface RequestLogLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

/** Writes one request log line to stdout as JSON. */
export function logRequest(line: RequestLogLine): void {
  console.log(JSON.stringify({ level: "info", msg: "request", ...line }));
}

const warned = new Set<string>();

/** Logs a warning once per `key` for the life of the process. */
export function warnOnce(key: string, message: string, error?: unknown): void {
  if (warned.has(key)) return;
  warned.add(key);
  const detail = error instanceof Error ? `: ${error.message}` : error === undefined ? "" : `: ${String(error)}`;
  console.warn(JSON.stringify({ level: "warn", msg: `${message}${detail}` }));
}
