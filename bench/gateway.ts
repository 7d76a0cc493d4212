/**
 * What the server benchmarks talk to, on loopback: a stand-in data gateway
 * that knows every token (named `Uniswap`, symbol `UNI`, whatever the
 * address, so every card draws the same content) and every V3 pool, and a
 * logo host serving the bench logo (`cards.tsx`) that every token points to.
 * With `useDistinctLogos(true)`, each token's logo is instead the same disc in a
 * colour of its own (one of 1,024, by the address's last digits), as real
 * tokens have: each card then paints a backdrop of its own colour.
 * Bench code never imports from `tests/`: this is its own small fake.
 *
 * @module
 */
import { benchLogoPng } from "./cards.tsx";

/** The running gateway and logo host. */
export interface BenchGateway {
  /** GraphQL endpoint for `GRAPHQL_URL`. */
  readonly url: string;
  /** URL of the logo every token has. */
  readonly logoUrl: string;
  /** `host:port` of the logo host, for `LOGO_ALLOWED_HOSTS`. */
  readonly logoHost: string;
  /** Logo requests served so far. */
  logoHits: number;
  /**
   * Each token a logo of its own colour (see the module's note), or the one bench logo (the default). The
   * coloured logos are all encoded on the first call with `true` (about 3.5 ms each, 3-4 s in all), never while
   * a part measures.
   */
  useDistinctLogos(on: boolean): void;
  close(): Promise<void>;
}

/** How many logo colours `useDistinctLogos` cycles through. */
const TINTS = 1024;

/** The logo colour of a token address: its last hex digits, 1 to {@linkcode TINTS} - 1 (0 is the bench logo's). */
function tintOf(address: string): number {
  return (parseInt(address.slice(-4), 16) || 0) % (TINTS - 1) + 1;
}

function token(address: string, logoUrl: string) {
  return {
    id: `t-${address}`,
    chain: "ETHEREUM",
    address,
    symbol: "UNI",
    name: "Uniswap",
    decimals: 18,
    standard: "ERC20",
    project: { id: `p-${address}`, name: "Uniswap", logoUrl, safetyLevel: "VERIFIED", isSpam: false },
  };
}

/** Starts the gateway and the logo host on free loopback ports. */
export function startBenchGateway(): BenchGateway {
  const logo = benchLogoPng();
  const tints: Uint8Array[] = [];
  let distinct = false;
  let origin = "";
  let logoUrl = "";
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, async (request) => {
    const url = new URL(request.url);
    if (url.pathname === "/logo.png") {
      gateway.logoHits++;
      return new Response(logo.slice(), { headers: { "content-type": "image/png" } });
    }
    const tinted = /^\/logo\/(\d+)\.png$/.exec(url.pathname);
    if (tinted && Number(tinted[1]) < tints.length) {
      gateway.logoHits++;
      return new Response(tints[Number(tinted[1])].slice(), { headers: { "content-type": "image/png" } });
    }
    const body = await request.json().catch(() => ({})) as {
      operationName?: string;
      variables?: Record<string, unknown>;
    };
    const address = String(body.variables?.address ?? "").toLowerCase();
    if (body.operationName === "Token") {
      const logo = distinct ? `${origin}/logo/${tintOf(address)}.png` : logoUrl;
      return Response.json({ data: { token: token(address, logo) } });
    }
    if (body.operationName === "AddressPool") {
      return Response.json({
        data: {
          v2Pair: null,
          v3Pool: {
            id: `pool-${address}`,
            address,
            chain: "ETHEREUM",
            protocolVersion: "V3",
            feeTier: 3000,
            token0: token(`0x${"1".padStart(40, "0")}`, logoUrl),
            token1: token(`0x${"2".padStart(40, "0")}`, logoUrl),
            token0Supply: 1,
            token1Supply: 2,
            txCount: 3,
            totalLiquidity: { id: "l", value: 1000 },
          },
        },
      });
    }
    return Response.json({ data: null });
  });
  origin = `http://127.0.0.1:${server.addr.port}`;
  logoUrl = `${origin}/logo.png`;
  const gateway: BenchGateway = {
    url: `${origin}/graphql`,
    logoUrl,
    logoHost: `127.0.0.1:${server.addr.port}`,
    logoHits: 0,
    useDistinctLogos(on) {
      if (on && tints.length === 0) { for (let tint = 0; tint < TINTS; tint++) tints.push(benchLogoPng(tint)); }
      distinct = on;
    },
    close: () => server.shutdown(),
  };
  return gateway;
}
