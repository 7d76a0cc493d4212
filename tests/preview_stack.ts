/**
 * The real service (`server.ts`, spawned as `deno task start` runs it) in
 * front of a fake gateway whose Token answer a test changes, for the purge
 * and inspector tests: share images, crawler documents, KV and query caches,
 * the purge and the inspector exactly as they are composed in production.
 * Requests go to {@linkcode PreviewStack.handle} (any origin: only the path,
 * method, headers and body are sent) or to {@linkcode PreviewStack.url}.
 *
 * @module
 */
import { type FakeGateway, startFakeGateway } from "./fakes/gateway.ts";
import { startServer } from "./server_harness.ts";

/** A running preview stack. */
export interface PreviewStack {
  readonly gateway: FakeGateway;
  /** `http://127.0.0.1:{port}`. */
  readonly url: string;
  /** The token's name the fake gateway answers; change it to see a purge work. */
  name: string;
  /** The token's symbol it answers; `null`: `UNI` for the first name, `NEWUNI` after. */
  symbol: string | null;
  handle(request: Request): Promise<Response>;
  close(): Promise<void>;
}

/** Starts the stack; `purgeToken` turns the purge (and the inspector's form) on. */
export async function startPreviewStack(purgeToken: string | null): Promise<PreviewStack> {
  const gateway = await startFakeGateway({
    Token: (variables) => ({
      data: {
        token: {
          id: "t",
          chain: "ETHEREUM",
          address: variables.address,
          symbol: stack.symbol ?? (stack.name === "Uniswap" ? "UNI" : "NEWUNI"),
          name: stack.name,
          decimals: 18,
          standard: "ERC20",
          market: { id: "m", price: { id: "p", value: 9.8412 }, pricePercentChange24H: { id: "c", value: -0.0312 } },
          project: { id: "p", name: stack.name, logoUrl: null, safetyLevel: null, isSpam: false },
        },
      },
    }),
  });
  const server = await startServer({
    GRAPHQL_URL: gateway.url,
    DENO_KV_PATH: ":memory:",
    RENDER_WORKERS: "1",
    QUERY_CACHE_SECONDS: "60",
    ...(purgeToken === null ? {} : { PREVIEW_PURGE_TOKEN: purgeToken }),
  });
  async function handle(request: Request): Promise<Response> {
    const { pathname, search } = new URL(request.url);
    const body = request.body ? await request.arrayBuffer() : undefined;
    return await fetch(`${server.url}${pathname}${search}`, { method: request.method, headers: request.headers, body });
  }
  const stack: PreviewStack = {
    gateway,
    url: server.url,
    name: "Uniswap",
    symbol: null,
    handle,
    async close() {
      await server.stop();
      await gateway.close();
    },
  };
  return stack;
}
