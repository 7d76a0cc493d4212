/**
 * The one fake data gateway of the tests, on loopback.
 *
 * - Answers GraphQL POSTs by operation name from `resolvers`; an operation
 *   without a resolver is forwarded to `fallbackUrl` when one is given (the
 *   embedded demo gateway, for tests of whole pages), else answers
 *   `{ data: null }`.
 * - Counts every request (by operation name, with its variables), so tests
 *   can assert how many gateway calls a page view costs.
 * - Can be made slow (`delayMs` on every answer), held behind a gate
 *   ({@linkcode FakeGateway.hold}: answers wait until the test releases them,
 *   so no test needs a wall clock), or fail the ways a real gateway fails
 *   (`mode`: down with 500, garbage, or hanging for `slowMs`).
 *
 * @module
 */

/** How the fake answers an operation: GraphQL JSON, or a raw Response. */
export type FakeAnswer = { data?: unknown; errors?: unknown[] } | Response;

/**
 * Answers one operation; `undefined` means `{ data: null }`. A resolver may
 * return a promise, e.g. to wait on a test's gate for this one operation.
 */
export type FakeResolver = (
  variables: Record<string, unknown>,
) => FakeAnswer | undefined | Promise<FakeAnswer | undefined>;

/** Failure modes of the whole gateway. */
export type FakeMode = "ok" | "slow" | "500" | "garbage";

/** One request as the fake received it. */
export interface FakeRequest {
  readonly operationName: string;
  readonly variables: Record<string, unknown>;
}

/**
 * Answers held back until {@linkcode FakeGate.release}: requests that arrive
 * while the gate is closed are counted and wait.
 */
export interface FakeGate {
  /** Requests that arrived while the gate was closed (by operation name, in order). */
  readonly arrived: readonly string[];
  /** Resolves once at least `count` requests wait behind the gate. */
  arrivals(count: number): Promise<void>;
  /** Lets every waiting and later request through. */
  release(): void;
}

/** Options of {@linkcode startFakeGateway}. */
export interface FakeGatewayOptions {
  /** GraphQL endpoint that answers operations without a resolver (e.g. the demo gateway's `url`). */
  readonly fallbackUrl?: string;
}

/** A running fake gateway. */
export interface FakeGateway {
  /** GraphQL endpoint, e.g. `http://127.0.0.1:40000/graphql`. */
  readonly url: string;
  /** Requests received, by operation name. */
  readonly calls: Map<string, number>;
  /** Every request received, in order. */
  readonly requests: FakeRequest[];
  /** Resolvers by operation name; change them between requests. */
  readonly resolvers: Map<string, FakeResolver>;
  /** Current failure mode. */
  mode: FakeMode;
  /** Delay of `slow` mode in milliseconds. */
  slowMs: number;
  /** Delay of every answer in milliseconds (0: none), like a gateway far away. */
  delayMs: number;
  /** Total requests received. */
  total(): number;
  /** Forgets the counts and requests so far. */
  resetCounts(): void;
  /** Closes a gate in front of every answer until it is released. */
  hold(): FakeGate;
  close(): Promise<void>;
}

interface GateState extends FakeGate {
  readonly open: Promise<void>;
  readonly arrived: string[];
  notify(): void;
}

function createGate(onRelease: () => void): GateState {
  const open = Promise.withResolvers<void>();
  const waiters: { count: number; resolve: () => void }[] = [];
  const arrived: string[] = [];
  return {
    open: open.promise,
    arrived,
    arrivals(count) {
      if (arrived.length >= count) return Promise.resolve();
      const waiter = Promise.withResolvers<void>();
      waiters.push({ count, resolve: waiter.resolve });
      return waiter.promise;
    },
    notify() {
      for (const waiter of waiters) if (arrived.length >= waiter.count) waiter.resolve();
    },
    release() {
      onRelease();
      open.resolve();
    },
  };
}

/** Starts a fake gateway on a free loopback port. */
export function startFakeGateway(
  resolvers: Record<string, FakeResolver> = {},
  options: FakeGatewayOptions = {},
): Promise<FakeGateway> {
  const ready = Promise.withResolvers<FakeGateway>();
  const calls = new Map<string, number>();
  const requests: FakeRequest[] = [];
  const timers = new Set<ReturnType<typeof setTimeout>>();
  const abort = new AbortController();
  let gate: GateState | null = null;

  function wait(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
      abort.signal.addEventListener("abort", () => resolve(), { once: true });
    });
  }

  const gateway: FakeGateway = {
    url: "",
    calls,
    requests,
    resolvers: new Map(Object.entries(resolvers)),
    mode: "ok",
    slowMs: 10_000,
    delayMs: 0,
    total: () => requests.length,
    resetCounts() {
      calls.clear();
      requests.length = 0;
    },
    hold() {
      gate?.release();
      const held: GateState = createGate(() => {
        if (gate === held) gate = null;
      });
      gate = held;
      return held;
    },
    async close() {
      gate?.release();
      abort.abort();
      for (const timer of timers) clearTimeout(timer);
      await server.shutdown();
    },
  };

  async function answer(text: string, body: { operationName?: string; variables?: Record<string, unknown> }) {
    const operationName = body.operationName ?? "";
    const resolver = gateway.resolvers.get(operationName);
    if (!resolver && options.fallbackUrl) {
      try {
        const forwarded = await fetch(options.fallbackUrl, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: text,
          signal: abort.signal,
        });
        return new Response(forwarded.body, { status: forwarded.status, headers: forwarded.headers });
      } catch {
        return new Response("fallback gateway unavailable", { status: 502 });
      }
    }
    const result = (await resolver?.(body.variables ?? {})) ?? { data: null };
    return result instanceof Response ? result : Response.json(result);
  }

  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: abort.signal,
    onListen: ({ port }) => {
      (gateway as { url: string }).url = `http://127.0.0.1:${port}/graphql`;
      ready.resolve(gateway);
    },
  }, async (request) => {
    const text = await request.text();
    let body: { operationName?: string; variables?: Record<string, unknown> } = {};
    try {
      body = JSON.parse(text);
    } catch { /* counted as unnamed */ }
    const operationName = body.operationName ?? "";
    calls.set(operationName, (calls.get(operationName) ?? 0) + 1);
    requests.push({ operationName, variables: body.variables ?? {} });
    const held = gate;
    if (held) {
      held.arrived.push(operationName);
      held.notify();
      await Promise.race([held.open, new Promise((resolve) => abort.signal.addEventListener("abort", resolve))]);
    }
    await wait(gateway.delayMs);
    if (gateway.mode === "slow") await wait(gateway.slowMs);
    if (gateway.mode === "500") return new Response("upstream exploded", { status: 500 });
    if (gateway.mode === "garbage") {
      return new Response("{not json", { headers: { "content-type": "application/json" } });
    }
    return await answer(text, body);
  });
  return ready.promise;
}
