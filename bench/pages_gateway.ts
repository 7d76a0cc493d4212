/**
 * The gateway of the page benchmark: the embedded demo gateway (it answers
 * every operation the pages send, with real-looking data) behind a loopback
 * proxy that counts calls by operation name and can add a delay to every
 * answer, like a gateway far away. Bench code never imports from `tests/`.
 *
 * The proxy keeps every answer by request body. With `replay` on, a body it
 * has seen is answered from memory after the delay: the demo gateway's own
 * work (graphql-js, generated series, calls queued on its one thread) then
 * adds nothing, so a "150 ms gateway" answers every call in 150 ms.
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
  /** Answer bodies seen before from memory (after the delay). */
  replay: boolean;
  /** Calls with replay on that were not in memory (answered by the demo gateway). */
  replayMisses: number;
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
  const answers = new Map<string, string>();
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
    const kept = gateway.replay ? answers.get(body) : undefined;
    if (gateway.replay && kept === undefined) gateway.replayMisses++;
    if (gateway.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, gateway.delayMs));
    if (kept !== undefined) return new Response(kept, { headers: { "content-type": "application/json" } });
    const answer = await fetch(demo.url, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body,
    });
    const text = await answer.text();
    if (answer.ok) answers.set(body, text);
    return new Response(text, { status: answer.status, headers: { "content-type": "application/json" } });
  });
  const port = await listening.promise;
  const gateway: PagesGateway = {
    url: `http://127.0.0.1:${port}/graphql`,
    calls,
    delayMs: 0,
    replay: false,
    replayMisses: 0,
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
