/**
 * The deadlines and limits of one relayed connection, and their defaults.
 *
 * @module
 */

/** Deadlines and limits of each connection of the guard. */
export interface RelaySettings {
  /** A request head must be complete within this time after it began (accept, or its first byte; default 10 s). */
  headerTimeoutMs: number;
  /** A keep-alive connection idle between requests is closed after this (default 5 s). */
  idleTimeoutMs: number;
  /** A request body that makes no progress for this long closes the connection (default 15 s). */
  bodyTimeoutMs: number;
  /** After this grace from its start (default 10 s), a request body must bring `minBodyBytesPerWindow` every window. */
  bodyGraceMs: number;
  /** The window of the body's minimum rate (default 10 s). */
  bodyRateWindowMs: number;
  /** Body bytes each window must bring after the grace (default 1 KiB). */
  minBodyBytesPerWindow: number;
  /**
   * A complete request whose answer has not begun, or whose answer sent nothing, for this long closes
   * the connection (default 60 s; set it to the internal server's own answer deadline).
   */
  answerTimeoutMs: number;
  /** A response the client does not read for this long closes the connection (default 30 s). */
  writeTimeoutMs: number;
  /** A WebSocket is closed this long after its upgrade, whatever it does (default 1 h). */
  webSocketLifetimeMs: number;
  /** A WebSocket that carried no data frame (only pings and pongs) for this long is closed (default 60 s). */
  webSocketIdleMs: number;
  /** Largest request head, in bytes (default 96 KiB; answered 431 above it). */
  maxHeadBytes: number;
}

/** The default {@linkcode RelaySettings}. */
export const relaySettingsDefaults: Readonly<RelaySettings> = {
  headerTimeoutMs: 10_000,
  idleTimeoutMs: 5_000,
  bodyTimeoutMs: 15_000,
  bodyGraceMs: 10_000,
  bodyRateWindowMs: 10_000,
  minBodyBytesPerWindow: 1024,
  answerTimeoutMs: 60_000,
  writeTimeoutMs: 30_000,
  webSocketLifetimeMs: 60 * 60_000,
  webSocketIdleMs: 60_000,
  maxHeadBytes: 96 * 1024,
};

/** `options` over the defaults (undefined values keep the default). */
export function relaySettings(options: Partial<RelaySettings>): RelaySettings {
  const settings = { ...relaySettingsDefaults };
  for (const key of Object.keys(settings) as (keyof RelaySettings)[]) {
    const value = options[key];
    if (value !== undefined) settings[key] = value;
  }
  return settings;
}
