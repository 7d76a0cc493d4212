/**
 * A programmable stand-in for the remote data gateway, on loopback: answers
 * GraphQL POSTs by operation name, counts requests, and can be switched to
 * fail in the ways a real gateway fails (down, slow, 500, garbage, partial
 * errors). For tests of the pages and images against gateway behaviour.
 *
 * @module
 */

/** How the fake answers an operation: GraphQL JSON, or a raw Response. */
export type FakeAnswer = { data?: unknown; errors?: unknown[] } | Response;

/** Answers one operation; `undefined` means `{ data: null }`. */
export type FakeResolver = (variables: Record<string, unknown>) => FakeAnswer | undefined;

/** Failure modes of the whole gateway. */
export type FakeMode = "ok" | "slow" | "500" | "garbage";

/** A running fake gateway. */
export interface FakeGateway {
  /** GraphQL endpoint, e.g. `http://127.0.0.1:40000/graphql`. */
  readonly url: string;
  /** Requests received, by operation name. */
  readonly calls: Map<string, number>;
  /** Variables of every request received, in order. */
  readonly requests: { operationName: string; variables: Record<string, unknown> }[];
  /** Resolvers by operation name; change them between requests. */
  readonly resolvers: Map<string, FakeResolver>;
  /** Current failure mode. */
  mode: FakeMode;
  /** Delay of `slow` mode in milliseconds. */
  slowMs: number;
  /** Total requests received. */
  total(): number;
  close(): Promise<void>;
}

/** Starts a fake gateway on a free loopback port. */
export function startFakeGateway(resolvers: Record<string, FakeResolver> = {}): Promise<FakeGateway> {
  const ready = Promise.withResolvers<FakeGateway>();
  const calls = new Map<string, number>();
  const requests: FakeGateway["requests"] = [];
  const pending = new Set<ReturnType<typeof setTimeout>>();
  const abort = new AbortController();
  const gateway: FakeGateway = {
    url: "",
    calls,
    requests,
    resolvers: new Map(Object.entries(resolvers)),
    mode: "ok",
    slowMs: 10_000,
    total: () => requests.length,
    async close() {
      abort.abort();
      for (const timer of pending) clearTimeout(timer);
      await server.shutdown();
    },
  };
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: abort.signal,
    onListen: ({ port }) => {
      (gateway as { url: string }).url = `http://127.0.0.1:${port}/graphql`;
      ready.resolve(gateway);
    },
  }, async (request) => {
    let body: { operationName?: string; variables?: Record<string, unknown> } = {};
    try {
      body = await request.json();
    } catch { /* counted as unnamed */ }
    const operationName = body.operationName ?? "";
    calls.set(operationName, (calls.get(operationName) ?? 0) + 1);
    requests.push({ operationName, variables: body.variables ?? {} });
    if (gateway.mode === "slow") {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          pending.delete(timer);
          resolve();
        }, gateway.slowMs);
        pending.add(timer);
        abort.signal.addEventListener("abort", () => resolve(), { once: true });
      });
    }
    if (gateway.mode === "500") return new Response("upstream exploded", { status: 500 });
    if (gateway.mode === "garbage") {
      return new Response("{not json", { headers: { "content-type": "application/json" } });
    }
    const answer = gateway.resolvers.get(operationName)?.(body.variables ?? {}) ?? { data: null };
    if (answer instanceof Response) return answer;
    return Response.json(answer);
  });
  return ready.promise;
}
