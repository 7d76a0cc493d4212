/**
 * The embedded demo gateway: a real GraphQL server (graphql-js) over HTTP on
 * `Deno.serve`, with subscriptions over WebSocket (graphql-ws protocol
 * `graphql-transport-ws`), the logos its data refers to under `/logos/`, and
 * CORS for browsers.
 *
 * @example
 * ```ts
 * const gateway = await startDemoGateway();
 * console.log(gateway.url); // http://127.0.0.1:PORT/graphql
 * await gateway.close();
 * ```
 *
 * @module
 */
import {
  buildSchema,
  type DocumentNode,
  execute,
  getOperationAST,
  GraphQLError,
  type GraphQLSchema,
  parse,
  subscribe,
  validate,
} from "graphql";
import { CloseCode, GRAPHQL_TRANSPORT_WS_PROTOCOL, makeServer } from "graphql-ws";
import { createRoot } from "./resolvers.ts";
import { readLogo } from "./logos.ts";

/** Options of {@link startDemoGateway}. */
export interface DemoGatewayOptions {
  /** Interface to listen on; default `127.0.0.1`. */
  hostname?: string;
  /** Port; default 0 (a free port). */
  port?: number;
  /** "Now" of the data in unix seconds; default the start of the current hour. */
  now?: number;
  /** Milliseconds between live subscription events; default 10 000. */
  liveIntervalMs?: number;
  /**
   * Origin written before `/logos/...` in the data's logo URLs; default the gateway's own origin. `""`
   * gives root-relative paths, for a service that serves `/logos/` on its own origin (the browser then
   * never learns the gateway's loopback address).
   */
  logoOrigin?: string;
}

/** A running demo gateway. */
export interface DemoGateway {
  /** GraphQL endpoint: `http://127.0.0.1:PORT/graphql`. */
  url: string;
  /** WebSocket endpoint for subscriptions: `ws://127.0.0.1:PORT/graphql`. */
  wsUrl: string;
  /** `http://127.0.0.1:PORT`; logos are under `{origin}/logos/`. */
  origin: string;
  /** Stops the server and closes open WebSockets. */
  close(): Promise<void>;
}

const SDL_URL = new URL("./schema.graphql", import.meta.url);

let schemaPromise: Promise<GraphQLSchema> | undefined;

/** The demo SDL as a graphql-js schema (read once). */
export function loadSchema(): Promise<GraphQLSchema> {
  schemaPromise ??= Deno.readTextFile(SDL_URL).then((sdl) => buildSchema(sdl));
  return schemaPromise;
}

const CORS_HEADERS: Record<string, string> = {
  "access-control-allow-origin": "*",
  "access-control-allow-methods": "GET, POST, OPTIONS",
  "access-control-allow-headers": "content-type, accept, authorization, x-request-source",
  "access-control-max-age": "86400",
};

function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...CORS_HEADERS, "content-type": "application/json; charset=utf-8" },
  });
}

function errorBody(message: string) {
  return { errors: [{ message }] };
}

interface GraphQLRequestBody {
  query?: unknown;
  variables?: unknown;
  operationName?: unknown;
}

async function handleGraphQL(
  request: Request,
  schema: GraphQLSchema,
  root: Record<string, unknown>,
): Promise<Response> {
  if (request.method !== "POST") {
    return json(errorBody("Send GraphQL queries as POST with a JSON body"), 405);
  }
  let body: GraphQLRequestBody;
  try {
    body = await request.json();
  } catch {
    return json(errorBody("Cannot parse request body: expected JSON"), 400);
  }
  if (typeof body?.query !== "string") {
    return json(errorBody("Cannot find the query: expected a string `query`"), 400);
  }
  let document: DocumentNode;
  try {
    document = parse(body.query);
  } catch (error) {
    return json({ errors: [(error as GraphQLError).toJSON()] }, 400);
  }
  const errors = validate(schema, document);
  if (errors.length > 0) {
    return json({ errors: errors.map((e) => e.toJSON()) }, 400);
  }
  const operationName = typeof body.operationName === "string" ? body.operationName : undefined;
  const operation = getOperationAST(document, operationName);
  if (operation?.operation === "subscription") {
    return json(errorBody("Subscriptions go over WebSocket (graphql-transport-ws)"), 400);
  }
  const result = await execute({
    schema,
    document,
    rootValue: root,
    variableValues: (body.variables ?? undefined) as Record<string, unknown> | undefined,
    operationName,
  });
  return json(result);
}

/** Starts a demo gateway. */
export async function startDemoGateway(
  options: DemoGatewayOptions = {},
): Promise<DemoGateway> {
  const schema = await loadSchema();
  const hostname = options.hostname ?? "127.0.0.1";
  const sockets = new Set<WebSocket>();
  const wsServer = makeServer({
    schema,
    execute: (args) => execute({ ...args, rootValue: root }),
    subscribe: (args) => subscribe({ ...args, rootValue: root }),
  });

  let origin = "";
  let wsUrl = "";
  const server: Deno.HttpServer<Deno.NetAddr> = Deno.serve(
    { hostname, port: options.port ?? 0, onListen() {} },
    async (request: Request): Promise<Response> => {
      const url = new URL(request.url);
      if (request.method === "OPTIONS") {
        return new Response(null, { status: 204, headers: CORS_HEADERS });
      }
      if (url.pathname === "/graphql") {
        if (request.headers.get("upgrade")?.toLowerCase() === "websocket") {
          return upgrade(request, wsServer, sockets);
        }
        return await handleGraphQL(request, schema, root);
      }
      if (url.pathname.startsWith("/logos/")) {
        const file = await readLogo(url.pathname);
        if (!file) return new Response("Not found", { status: 404, headers: CORS_HEADERS });
        return new Response(file.bytes as Uint8Array<ArrayBuffer>, {
          headers: {
            ...CORS_HEADERS,
            "content-type": file.contentType,
            "cache-control": "public, max-age=86400",
          },
        });
      }
      if (url.pathname === "/") {
        return json({ graphql: `${origin}/graphql`, websocket: wsUrl, logos: `${origin}/logos/` });
      }
      return new Response("Not found", { status: 404, headers: CORS_HEADERS });
    },
  );
  const address: Deno.NetAddr = server.addr;
  const host = address.hostname.includes(":") ? `[${address.hostname}]` : address.hostname;
  origin = `http://${host}:${address.port}`;
  wsUrl = `ws://${host}:${address.port}/graphql`;
  const root = createRoot({
    origin: options.logoOrigin ?? origin,
    now: options.now,
    liveIntervalMs: options.liveIntervalMs,
  });

  let closing: Promise<void> | undefined;
  return {
    url: `${origin}/graphql`,
    wsUrl,
    origin,
    close() {
      closing ??= (async () => {
        const closed = [...sockets].map((socket) =>
          new Promise<void>((resolve) => {
            if (socket.readyState === WebSocket.CLOSED) return resolve();
            socket.addEventListener("close", () => resolve(), { once: true });
            socket.close(1000, "Gateway shutting down");
          })
        );
        await Promise.all(closed);
        await server.shutdown();
      })();
      return closing;
    },
  };
}

function upgrade(
  request: Request,
  wsServer: ReturnType<typeof makeServer>,
  sockets: Set<WebSocket>,
): Response {
  const offered = (request.headers.get("sec-websocket-protocol") ?? "")
    .split(",").map((p) => p.trim());
  if (!offered.includes(GRAPHQL_TRANSPORT_WS_PROTOCOL)) {
    return json(errorBody(`Expected WebSocket protocol ${GRAPHQL_TRANSPORT_WS_PROTOCOL}`), 400);
  }
  const { socket, response } = Deno.upgradeWebSocket(request, {
    protocol: GRAPHQL_TRANSPORT_WS_PROTOCOL,
  });
  sockets.add(socket);
  socket.addEventListener("open", () => {
    const closed = wsServer.opened(
      {
        // negotiated in the upgrade above (Deno leaves `socket.protocol` empty)
        protocol: GRAPHQL_TRANSPORT_WS_PROTOCOL,
        send: (data) => {
          if (socket.readyState === WebSocket.OPEN) socket.send(data);
        },
        close: (code, reason) => socket.close(code, reason),
        onMessage: (callback) => {
          socket.addEventListener("message", (event) => {
            callback(String(event.data)).catch((error) => {
              if (socket.readyState === WebSocket.OPEN) {
                socket.close(CloseCode.InternalServerError, String(error?.message ?? error).slice(0, 100));
              }
            });
          });
        },
      },
      { socket },
    );
    socket.addEventListener("close", (event) => {
      sockets.delete(socket);
      closed(event.code, event.reason).catch(() => {});
    }, { once: true });
  }, { once: true });
  return response;
}
