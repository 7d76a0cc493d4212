/**
 * The preview side of the service, in process, for the purge and inspector
 * tests: the real share images (`og/`, one render worker), the real crawler
 * documents of the app's build, the real KV cache and query cache, the purge
 * and the inspector, in front of a fake gateway whose Token answer a test
 * changes. Requests go to {@linkcode PreviewStack.handle}, or over HTTP to
 * {@linkcode PreviewStack.url} (a loopback `Deno.serve`, for Chromium).
 *
 * @module
 */
import { type AppLoadContext, createRequestHandler } from "react-router";
import { createImageHandler } from "../og/mod.ts";
import { importServerBuild } from "../server/app_build.ts";
import { createCache } from "../server/cache/kv_cache.ts";
import { ROOT_DIR } from "../server/paths.ts";
import { crawlerBuild, createCrawlerDocuments } from "../server/previews/crawler.ts";
import { createPreviewInspector } from "../server/previews/inspector.ts";
import { createPreviews } from "../server/previews/previews.ts";
import { createPreviewPurge } from "../server/previews/purge.ts";
import { createGatewayClient } from "../queries/client.ts";
import { createQueryCache } from "../queries/query_cache.ts";
import { type FakeGateway, startFakeGateway } from "./fakes/gateway.ts";

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
  const kv = await Deno.openKv(":memory:");
  const cache = createCache(kv);
  const queryCache = createQueryCache({ ttlMs: 60_000 });
  const gatewayClient = () => createGatewayClient({ url: gateway.url, timeoutMs: 5000, queryCache });
  const previews = createPreviews({ cache, gatewayClient });
  const images = createImageHandler({
    previews,
    cache,
    staticDir: `${ROOT_DIR}static`,
    logoAllowedHosts: [],
    workers: 1,
  });
  const crawler = createRequestHandler(crawlerBuild(await importServerBuild()), "production");
  const documents = createCrawlerDocuments({ ttlMs: 60_000 });
  const purge = purgeToken === null
    ? null
    : createPreviewPurge({ token: purgeToken, cache, queryCache, crawlerDocuments: documents });
  const inspector = createPreviewInspector({ fetchSelf: handle, purge });

  async function handle(request: Request): Promise<Response> {
    const own = await purge?.(request) ?? await inspector(request);
    if (own) return own;
    const url = new URL(request.url);
    const image = /^\/api\/image\/(tokens|pools)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (image) {
      return await images(request, {
        kind: image[1] === "tokens" ? "token" : "pool",
        chainName: image[2],
        address: image[3],
      });
    }
    const context = {
      gatewayClient,
      graphqlWsUrl: null,
      previews,
      origin: url.origin,
      logger: console,
    } as unknown as AppLoadContext;
    return await documents.serve(request, () => crawler(request, context));
  }

  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, handle);
  const stack: PreviewStack = {
    gateway,
    url: `http://127.0.0.1:${server.addr.port}`,
    name: "Uniswap",
    symbol: null,
    handle,
    async close() {
      await server.shutdown();
      await images.close();
      kv.close();
      await gateway.close();
    },
  };
  return stack;
}
