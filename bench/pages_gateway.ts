/**
 * The gateway of the page benchmark: the embedded demo gateway (it answers
 * every operation the pages send, with real-looking data) behind a loopback
 * proxy that counts calls by operation name and can add a delay to every
 * answer, like a gateway far away. Bench code never imports from `tests/`.
 *
 * @module
 */
import { type DemoGateway, startDemoGateway } from "../demo_gateway/mod.ts";

/** The running gateway. */
export interface PagesGateway {
  /** GraphQL endpoint for `GRAPHQL_URL`. */
  readonly url: string;
  /** Calls by operation name since the last {@linkcode PagesGateway.reset}. */
  readonly calls: Map<string, number>;
  /** Delay added to every answer, in ms. */
  delayMs: number;
  /** Calls since the last reset. */
  total(): number;
  /** Forgets the counts. */
  reset(): void;
  close(): Promise<void>;
}

/** Starts the demo gateway and the counting proxy on free loopback ports. */
export async function startPagesGateway(): Promise<PagesGateway> {
  const demo: DemoGateway = await startDemoGateway();
  const calls = new Map<string, number>();
  const abort = new AbortController();
  const listening = Promise.withResolvers<number>();
  const server = Deno.serve({
    hostname: "127.0.0.1",
    port: 0,
    signal: abort.signal,
    onListen: ({ port }) => listening.resolve(port),
  }, async (request) => {
    const body = await request.text();
    let operation = "";
    try {
      operation = String(JSON.parse(body).operationName ?? "");
    } catch { /* counted as unnamed */ }
    calls.set(operation, (calls.get(operation) ?? 0) + 1);
    if (gateway.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, gateway.delayMs));
    const answer = await fetch(demo.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    return new Response(answer.body, { status: answer.status, headers: answer.headers });
  });
  const port = await listening.promise;
  const gateway: PagesGateway = {
    url: `http://127.0.0.1:${port}/graphql`,
    calls,
    delayMs: 0,
    total: () => [...calls.values()].reduce((sum, n) => sum + n, 0),
    reset: () => calls.clear(),
    async close() {
      abort.abort();
      await server.finished;
      await demo.close();
    },
  };
  return gateway;
}
