/**
 * Relays a WebSocket from a browser to an upstream WebSocket server on the
 * service's own origin (dev: Vite's HMR socket; the gateway's subscriptions),
 * so the browser never needs the upstream's address.
 *
 * @module
 */

/** Options of {@linkcode proxyWebSocket}. */
export interface WebSocketProxyOptions {
  /** Subprotocols offered upstream; the first one the client asked for is accepted. Default: the client's. */
  protocols?: readonly string[];
  /** Largest message relayed in either direction, in bytes (default 1 MiB); a larger one closes both sides. */
  maxMessageBytes?: number;
  /** Judges each client message; one it refuses closes both sides with code 4403 (default: all pass). */
  accept?: (data: string | ArrayBuffer) => boolean;
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
 * in order; when either side closes, so does the other.
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
  const closeBoth = (code = 1000, reason = "") => {
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
    if (size(event.data) > maxBytes) return closeBoth(1000, "message too large");
    if (options.accept && !options.accept(event.data)) return closeBoth(4403, "Forbidden");
    if (upstream.readyState === WebSocket.OPEN) upstream.send(event.data);
    else if (upstream.readyState === WebSocket.CONNECTING) pending.push(event.data);
  };
  upstream.onopen = () => {
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
