/**
 * The one logger of the service: JSON lines on stdout, one object per line
 * with `level`, `msg`, `time` and any fields.
 *
 * Lines are batched: they are queued in memory and written by one
 * asynchronous write per batch (at the latest after
 * {@linkcode FLUSH_INTERVAL_MS}, at once past {@linkcode MAX_BUFFERED_BYTES}),
 * so a hot path never waits on stdout. {@linkcode flushLog} writes everything
 * queued (the service awaits it at shutdown, so no line is lost on SIGTERM);
 * whatever is still queued when the process exits is written synchronously.
 * If stdout cannot take the lines fast enough, at most
 * {@linkcode MAX_QUEUED_BYTES} wait and further lines are counted as dropped
 * (one warning says how many) rather than growing memory without bound.
 *
 * @module
 */

/** Severity of a line; lines below the current level are not written. */
export type LogLevel = "debug" | "info" | "warn" | "error";

/** Extra fields of a line; values must be JSON-serialisable. */
export type LogFields = Readonly<Record<string, unknown>>;

/** Longest time a line waits in memory before it is written, in milliseconds. */
export const FLUSH_INTERVAL_MS = 50;

/** Queued size that triggers a write at once, in bytes (UTF-16 units, roughly). */
export const MAX_BUFFERED_BYTES = 64 * 1024;

/** Queued size beyond which lines are dropped (stdout is stuck), in bytes. */
export const MAX_QUEUED_BYTES = 16 * 1024 * 1024;

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 };

/** Where batches go; tests replace it. */
export interface LogSink {
  write(bytes: Uint8Array): Promise<unknown>;
  writeSync(bytes: Uint8Array): unknown;
}

const encoder = new TextEncoder();
let sink: LogSink = {
  write: (bytes) => writeAll(Deno.stdout, bytes),
  writeSync: (bytes) => writeAllSync(Deno.stdout, bytes),
};
let minimum = RANK.info;
let queue: string[] = [];
let queuedBytes = 0;
let dropped = 0;
let timer: ReturnType<typeof setTimeout> | null = null;
let writing: Promise<void> = Promise.resolve();

async function writeAll(file: typeof Deno.stdout, bytes: Uint8Array): Promise<void> {
  let offset = 0;
  while (offset < bytes.length) offset += await file.write(bytes.subarray(offset));
}

function writeAllSync(file: typeof Deno.stdout, bytes: Uint8Array): void {
  let offset = 0;
  while (offset < bytes.length) offset += file.writeSync(bytes.subarray(offset));
}

function takeBatch(): Uint8Array | null {
  if (dropped > 0) {
    queue.push(line("warn", `Log output is stuck: ${dropped} lines were dropped`, undefined));
    dropped = 0;
  }
  if (queue.length === 0) return null;
  const text = queue.join("");
  queue = [];
  queuedBytes = 0;
  return encoder.encode(text);
}

function schedule(): void {
  if (queuedBytes >= MAX_BUFFERED_BYTES) {
    if (timer !== null) clearTimeout(timer);
    timer = null;
    void flushLog();
  } else if (timer === null) {
    timer = setTimeout(() => {
      timer = null;
      void flushLog();
    }, FLUSH_INTERVAL_MS);
    // A pending batch does not keep the process alive; exit writes it synchronously.
    Deno.unrefTimer(timer);
  }
}

/**
 * Writes every queued line; resolves once they (and any batch already being
 * written) reached the sink. Never rejects: a failing stdout drops the batch.
 */
export function flushLog(): Promise<void> {
  if (timer !== null) {
    clearTimeout(timer);
    timer = null;
  }
  writing = writing.then(async () => {
    const batch = takeBatch();
    if (batch === null) return;
    try {
      await sink.write(batch);
    } catch {
      // stdout closed: nowhere left to say it
    }
  });
  return writing;
}

let stampedAt = Number.NaN;
let stamp = "";

/** `new Date().toISOString()`, formatted once per millisecond (the request lines of one burst share it). */
function timestamp(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = new Date(now).toISOString();
  }
  return stamp;
}

function line(level: LogLevel, msg: string, fields: LogFields | undefined): string {
  let text: string;
  try {
    text = JSON.stringify({ level, msg, time: timestamp(), ...fields });
  } catch {
    text = JSON.stringify({ level, msg, time: timestamp(), fields: "unserializable" });
  }
  return `${text}\n`;
}

function enqueue(text: string): void {
  if (queuedBytes + text.length > MAX_QUEUED_BYTES) {
    dropped++;
    return;
  }
  queue.push(text);
  queuedBytes += text.length;
  schedule();
}

/** Queues one line at `level` with `fields`. */
export function log(level: LogLevel, msg: string, fields?: LogFields): void {
  if (RANK[level] < minimum) return;
  enqueue(line(level, msg, fields));
}

/** The one logger: `logger.info("msg", { field })` and so on. */
export const logger = {
  debug: (msg: string, fields?: LogFields) => log("debug", msg, fields),
  info: (msg: string, fields?: LogFields) => log("info", msg, fields),
  warn: (msg: string, fields?: LogFields) => log("warn", msg, fields),
  error: (msg: string, fields?: LogFields) => log("error", msg, fields),
} as const;

/** Sets the lowest level written (default `info`). */
export function setLogLevel(level: LogLevel): void {
  minimum = RANK[level];
}

/** Replaces where batches go (tests); returns the previous sink. */
export function setLogSink(next: LogSink): LogSink {
  const previous = sink;
  sink = next;
  return previous;
}

/** The message of anything thrown, for a `error` field (never a stack). */
export function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What one request log line holds. */
export interface RequestLogLine {
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly ms: number;
}

/**
 * Queues one request line (`msg: "request"`): the very text `log` writes for
 * these fields, put together without building and stringifying an object
 * (one a request: this is the hot path).
 */
export function logRequest(fields: RequestLogLine): void {
  if (RANK.info < minimum) return;
  const { method, path, status, ms } = fields;
  enqueue(
    `{"level":"info","msg":"request","time":"${timestamp()}","method":${JSON.stringify(method)},` +
      `"path":${JSON.stringify(path)},"status":${JSON.stringify(status)},"ms":${JSON.stringify(ms)}}\n`,
  );
}

/**
 * Writes whole lines batched elsewhere (the connection guard's Worker hands
 * its batches here), so one writer puts every line on stdout. A batch is
 * written at once: it waited its turn where it was written.
 */
export function logLines(text: string): void {
  if (text === "") return;
  enqueue(text);
  void flushLog();
}

const warned = new Set<string>();

/** Logs a warning once per `key` for the life of the process. */
export function warnOnce(key: string, message: string, error?: unknown): void {
  if (warned.has(key)) return;
  warned.add(key);
  const detail = error === undefined ? "" : `: ${errorText(error)}`;
  log("warn", `${message}${detail}`);
}

// Lines still queued when the process exits (Deno.exit, end of the event loop) are written synchronously;
// a batch already handed to an asynchronous write is not written twice.
globalThis.addEventListener("unload", () => {
  const batch = takeBatch();
  try {
    if (batch !== null) sink.writeSync(batch);
  } catch {
    // stdout closed
  }
});
