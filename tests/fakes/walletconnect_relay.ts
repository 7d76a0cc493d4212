/**
 * A minimal WalletConnect v2 relay on loopback, for tests: the JSON-RPC that
 * `@walletconnect/core` 2.25 speaks over its WebSocket (`Deno.upgradeWebSocket`).
 *
 * - `irn_subscribe` / `irn_batchSubscribe`: answer subscription ids, then push
 *   the messages kept for the topic (a mailbox: the real relay delivers what
 *   was published before the subscriber arrived, e.g. the session settlement
 *   the dapp subscribes to only after the wallet approved);
 * - `irn_unsubscribe`;
 * - `irn_publish`: keep the message for its `ttl` and forward it as
 *   `irn_subscription` to the topic's other subscribers;
 * - `wc_proposeSession` (the dapp's proposal on the pairing topic) and
 *   `wc_approveSession` (the wallet's answer on the pairing topic and its
 *   settlement on the session topic): the relay-side publishes the 2.2x
 *   clients use instead of `irn_publish` for those; the sender is subscribed
 *   to the pairing (resp. session) topic by the relay, as the clients skip
 *   their own `irn_subscribe` there;
 * - `irn_fetchMessages` / `irn_batchFetchMessages`: the kept messages;
 * - anything else: a JSON-RPC error `-32601`.
 *
 * Client ids are big integers (`getBigIntRpcId`): they are read and echoed
 * with their exact digits. Every method received is recorded, so a test can
 * check that nothing unknown was asked.
 *
 * @module
 */

/** One message kept for a topic. */
interface Kept {
  readonly topic: string;
  readonly message: string;
  readonly tag: number;
  readonly attestation?: string;
  readonly publishedAt: number;
  readonly expiresAt: number;
  readonly from: WebSocket;
}

/** A publish as the relay saw it (for assertions). */
export interface RelayPublish {
  readonly method: string;
  readonly topic: string;
  readonly tag: number;
}

/** The running relay. */
export interface FakeRelay {
  /** `ws://127.0.0.1:{port}`. */
  readonly url: string;
  /** Every JSON-RPC method received, in order. */
  readonly methods: string[];
  /** Methods answered with "method not found". */
  readonly unknownMethods: string[];
  /** Every message published, by topic and tag. */
  readonly publishes: RelayPublish[];
  /** WebSocket connections accepted so far. */
  connections(): number;
  /** Whether new connections are accepted (`false`: upgrades answer 503, as an unreachable relay). */
  setReachable(reachable: boolean): void;
  /** Resolves when a publish with this tag has been seen (e.g. 1100: a session proposal). */
  published(tag: number): Promise<void>;
  /** Closes every socket and the listener. */
  close(): Promise<void>;
}

type Id = number | bigint | string;

interface Call {
  readonly id: Id;
  readonly method: string;
  readonly params: Record<string, unknown>;
}

/** `JSON.parse` that keeps integers beyond 2^53 exact (as bigint). */
function parse(text: string): unknown {
  return JSON.parse(
    text,
    (_key, value, context?: { source?: string }) =>
      typeof value === "number" && !Number.isSafeInteger(value) && context?.source && /^\d+$/.test(context.source)
        ? BigInt(context.source)
        : value,
  );
}

/** `JSON.rawJSON` (in V8, not yet in TypeScript's lib). */
const rawJSON = (JSON as unknown as { rawJSON(text: string): unknown }).rawJSON;

/** `JSON.stringify` writing bigints as plain JSON numbers. */
function stringify(value: unknown): string {
  return JSON.stringify(value, (_key, v) => typeof v === "bigint" ? rawJSON(v.toString()) : v);
}

function randomHex(bytes: number): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Starts the relay on a free loopback port. */
export function startFakeRelay(): FakeRelay {
  const methods: string[] = [];
  const unknownMethods: string[] = [];
  const publishes: RelayPublish[] = [];
  const kept = new Map<string, Kept[]>();
  /** Subscriptions per socket: topic -> subscription id. */
  const subscriptions = new Map<WebSocket, Map<string, string>>();
  const waiters: { tag: number; resolve: () => void }[] = [];
  let reachable = true;
  let accepted = 0;
  let nextId = 1;

  function send(socket: WebSocket, value: unknown): void {
    if (socket.readyState === WebSocket.OPEN) socket.send(stringify(value));
  }

  function deliver(socket: WebSocket, subscriptionId: string, message: Kept): void {
    send(socket, {
      id: Date.now() * 1000 + (nextId++ % 1000),
      jsonrpc: "2.0",
      method: "irn_subscription",
      params: {
        id: subscriptionId,
        data: {
          topic: message.topic,
          message: message.message,
          publishedAt: message.publishedAt,
          tag: message.tag,
          attestation: message.attestation,
        },
      },
    });
  }

  function live(topic: string): Kept[] {
    const now = Date.now();
    const list = (kept.get(topic) ?? []).filter((m) => m.expiresAt > now);
    kept.set(topic, list);
    return list;
  }

  function publish(
    from: WebSocket,
    method: string,
    fields: Omit<Kept, "from" | "publishedAt" | "expiresAt"> & {
      ttl: number;
    },
  ): void {
    const message: Kept = {
      topic: fields.topic,
      message: fields.message,
      tag: fields.tag,
      attestation: fields.attestation,
      publishedAt: Date.now(),
      expiresAt: Date.now() + Math.max(1, fields.ttl) * 1000,
      from,
    };
    live(message.topic).push(message);
    publishes.push({ method, topic: message.topic, tag: message.tag });
    for (const [socket, topics] of subscriptions) {
      const subscriptionId = topics.get(message.topic);
      if (socket !== from && subscriptionId) deliver(socket, subscriptionId, message);
    }
    for (const waiter of waiters.filter((w) => w.tag === message.tag)) waiter.resolve();
  }

  function subscribe(socket: WebSocket, topic: string): string {
    const topics = subscriptions.get(socket)!;
    const subscriptionId = topics.get(topic) ?? randomHex(32);
    topics.set(topic, subscriptionId);
    // The mailbox: what others published before this subscriber came, after the answer.
    queueMicrotask(() => {
      for (const message of live(topic)) if (message.from !== socket) deliver(socket, subscriptionId, message);
    });
    return subscriptionId;
  }

  function text(params: Record<string, unknown>, name: string): string {
    const value = params[name];
    if (typeof value !== "string" || value === "") throw new Error(`Missing or invalid "${name}" param`);
    return value;
  }

  function answer(socket: WebSocket, call: Call): unknown {
    const p = call.params;
    const ttl = typeof p.ttl === "number" ? p.ttl : 300;
    const attestation = typeof p.attestation === "string" ? p.attestation : undefined;
    switch (call.method) {
      case "irn_subscribe":
        return subscribe(socket, text(p, "topic"));
      case "irn_batchSubscribe":
        return (p.topics as unknown[]).map((topic) => subscribe(socket, String(topic)));
      case "irn_unsubscribe":
        subscriptions.get(socket)!.delete(text(p, "topic"));
        return true;
      case "irn_publish":
        publish(socket, call.method, {
          topic: text(p, "topic"),
          message: text(p, "message"),
          tag: Number(p.tag ?? 0),
          attestation,
          ttl,
        });
        return true;
      case "wc_proposeSession":
        // The proposer does not subscribe to its pairing topic itself (`skipSubscribe`): the relay does it.
        subscribe(socket, text(p, "pairingTopic"));
        publish(socket, call.method, {
          topic: text(p, "pairingTopic"),
          message: text(p, "sessionProposal"),
          tag: 1100,
          attestation,
          ttl,
        });
        return true;
      case "wc_approveSession":
        // Likewise the approver on the session topic.
        subscribe(socket, text(p, "sessionTopic"));
        publish(socket, call.method, {
          topic: text(p, "pairingTopic"),
          message: text(p, "sessionProposalResponse"),
          tag: 1101,
          ttl,
        });
        publish(socket, call.method, {
          topic: text(p, "sessionTopic"),
          message: text(p, "sessionSettlementRequest"),
          tag: 1102,
          ttl,
        });
        return true;
      case "irn_fetchMessages":
      case "irn_batchFetchMessages": {
        const topics = call.method === "irn_fetchMessages" ? [text(p, "topic")] : (p.topics as string[]);
        const messages = topics.flatMap((topic) =>
          live(topic).filter((m) => m.from !== socket).map((m) => ({
            topic: m.topic,
            message: m.message,
            publishedAt: m.publishedAt,
            tag: m.tag,
            attestation: m.attestation,
          }))
        );
        return { messages, hasMore: false };
      }
      default:
        unknownMethods.push(call.method);
        throw Object.assign(new Error(`Method not found: ${call.method}`), { code: -32601 });
    }
  }

  function onMessage(socket: WebSocket, data: string): void {
    let payload: { id?: Id; method?: unknown; params?: unknown };
    try {
      payload = parse(data) as typeof payload;
    } catch {
      send(socket, { id: null, jsonrpc: "2.0", error: { code: -32700, message: "Parse error" } });
      return;
    }
    // Answers to our irn_subscription pushes (acknowledgements).
    if (typeof payload.method !== "string") return;
    methods.push(payload.method);
    const call: Call = {
      id: payload.id ?? 0,
      method: payload.method,
      params: (payload.params && typeof payload.params === "object" ? payload.params : {}) as Record<string, unknown>,
    };
    try {
      send(socket, { id: call.id, jsonrpc: "2.0", result: answer(socket, call) });
    } catch (error) {
      const code = (error as { code?: number }).code ?? -32602;
      send(socket, { id: call.id, jsonrpc: "2.0", error: { code, message: (error as Error).message } });
    }
  }

  const sockets = new Set<WebSocket>();
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (request) => {
    if (request.headers.get("upgrade")?.toLowerCase() !== "websocket") {
      return new Response("WebSocket only", { status: 426 });
    }
    if (!reachable) return new Response("Service Unavailable", { status: 503 });
    const { socket, response } = Deno.upgradeWebSocket(request);
    accepted++;
    sockets.add(socket);
    subscriptions.set(socket, new Map());
    socket.onmessage = (event) => {
      if (typeof event.data === "string") onMessage(socket, event.data);
    };
    socket.onclose = () => {
      sockets.delete(socket);
      subscriptions.delete(socket);
    };
    return response;
  });

  return {
    url: `ws://127.0.0.1:${server.addr.port}`,
    methods,
    unknownMethods,
    publishes,
    connections: () => accepted,
    setReachable(value) {
      reachable = value;
      if (!value) { for (const socket of sockets) socket.close(1001, "relay going away"); }
    },
    published(tag) {
      if (publishes.some((p) => p.tag === tag)) return Promise.resolve();
      const { promise, resolve } = Promise.withResolvers<void>();
      waiters.push({ tag, resolve });
      return promise;
    },
    async close() {
      for (const socket of sockets) socket.close(1001, "relay closing");
      await server.shutdown();
    },
  };
}
