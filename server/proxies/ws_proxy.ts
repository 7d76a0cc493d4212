/**
 * Relays a WebSocket from a browser to an upstream WebSocket server on the
 * service's own origin (dev: Vite's HMR socket; the gateway's subscriptions),
 * so the browser never needs the upstream's address.
 *
 * Client messages are rate-limited per socket (a token bucket,
 * {@linkcode DEFAULT_MESSAGE_RATE}: 5 a second, bursts of 20): a client
 * over it has its socket closed, both sides, with code
 * {@linkcode CLOSE_TOO_MANY_MESSAGES} (4429, "Too many messages"), and
 * nothing past the limit is relayed. Closing rather than dropping is
 * deliberate: a dropped `subscribe` or `complete` would leave the client and
 * the gateway disagreeing about what is live, while a close is seen at once
 * (graphql-ws reports it and may reconnect, meeting the upgrade rate limit).
 *
 * @module
 */
import { createRateLimiter } from "../http/rate_limit.ts";

/** Close code of a socket whose client sent messages faster than its rate. */
export const CLOSE_TOO_MANY_MESSAGES = 4429;

/** A per-socket message rate: a token bucket. */
export interface MessageRate {
  /** Sustained client messages a second. */
  readonly ratePerSecond: number;
  /** Client messages at once after a quiet spell. */
  readonly burst: number;
}

/**
 * Default client message rate of a socket: the product's subscription sends
 * three messages (`connection_init`, `subscribe`, `complete`) and a `pong`
 * per gateway ping; Vite's HMR client a few per edit.
 */
export const DEFAULT_MESSAGE_RATE: MessageRate = { ratePerSecond: 5, burst: 20 };

/** Options of {@linkcode proxyWebSocket}. */
export interface WebSocketProxyOptions {
  /** Subprotocols offered upstream; the first one the client asked for is accepted. Default: the client's. */
  protocols?: readonly string[];
  /** Largest message relayed in either direction, in bytes (default 1 MiB); a larger one closes both sides. */
  maxMessageBytes?: number;
  /** Judges each client message; one it refuses closes both sides with code 4403 (default: all pass). */
  accept?: (data: string | ArrayBuffer) => boolean;
  /**
   * Client messages allowed per socket (default {@linkcode DEFAULT_MESSAGE_RATE});
   * over it both sides close with {@linkcode CLOSE_TOO_MANY_MESSAGES}. `null`: no limit.
   */
  messageRate?: MessageRate | null;
}

/** Whether the request asks to upgrade to a WebSocket. */
export function isWebSocketUpgrade(request: Request): boolean {
  return request.headers.get("upgrade")?.toLowerCase() === "websocket";
}

function size(data: string | ArrayBuffer | Blob): number {
  if (typeof data === "string") return data.length * 3;
  if (data instanceof Blob) return data.size;
  return data.byteLength;
}

/**
 * Upgrades `request` and relays messages both ways to `target` (a `ws:` or
 * `wss:` URL). Messages the client sends before the upstream opens are kept
 * in order; when either side closes, so does the other. Client messages past
 * the socket's message rate close both sides (4429).
 */
export function proxyWebSocket(request: Request, target: string, options: WebSocketProxyOptions = {}): Response {
  const asked = (request.headers.get("sec-websocket-protocol") ?? "").split(",").map((p) => p.trim()).filter(Boolean);
  const offered = options.protocols ? asked.filter((p) => options.protocols!.includes(p)) : asked;
  const { socket, response } = Deno.upgradeWebSocket(request, offered.length ? { protocol: offered[0] } : {});
  const maxBytes = options.maxMessageBytes ?? 1024 * 1024;
  const upstream = offered.length ? new WebSocket(target, offered) : new WebSocket(target);
  upstream.binaryType = "arraybuffer";
  socket.binaryType = "arraybuffer";
  const pending: (string | ArrayBuffer)[] = [];
  const rate = options.messageRate === undefined ? DEFAULT_MESSAGE_RATE : options.messageRate;
  const bucket = rate ? createRateLimiter({ ...rate, maxClients: 1 }) : null;
  let closed = false;
  const closeBoth = (code = 1000, reason = "") => {
    closed = true;
    const safe = code === 1000 || (code >= 3000 && code <= 4999) ? code : 1000;
    for (const ws of [socket, upstream]) {
      if (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING) {
        try {
          ws.close(safe, reason.slice(0, 100));
        } catch { /* already closing */ }
      }
    }
  };
  socket.onmessage = (event) => {
    // Frames already received when the socket closed are not relayed.
    if (closed) return;
    if (size(event.data) > maxBytes) return closeBoth(1000, "message too large");
    if (bucket && !bucket.take("socket").ok) return closeBoth(CLOSE_TOO_MANY_MESSAGES, "Too many messages");
    if (options.accept && !options.accept(event.data)) return closeBoth(4403, "Forbidden");
    if (upstream.readyState === WebSocket.OPEN) upstream.send(event.data);
    else if (upstream.readyState === WebSocket.CONNECTING) pending.push(event.data);
  };
  upstream.onopen = () => {
    if (closed) return;
    for (const data of pending.splice(0)) upstream.send(data);
  };
  upstream.onmessage = (event) => {
    if (size(event.data) > maxBytes) return closeBoth(1000, "message too large");
    if (socket.readyState === WebSocket.OPEN) socket.send(event.data);
  };
  socket.onclose = (event) => closeBoth(event.code, event.reason);
  upstream.onclose = (event) => closeBoth(event.code, event.reason);
  socket.onerror = () => closeBoth();
  upstream.onerror = () => closeBoth();
  return response;
}
