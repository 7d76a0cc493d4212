/**
 * The preview whitelist: every path a shared link may point at, and the kind
 * of preview its first HTML carries. This is the one list of routes that
 * `meta()`, the tests and the README read.
 *
 * Patterns use `URLPattern` pathname syntax. A path outside this list (the 404
 * page, the API, static files) never carries preview tags.
 *
 * Most routes are flat route files in `app/routes/`; an alias (`/pools/new`
 * for `/pool/new`) names the route module it shares instead of copying it,
 * and `app/routes.ts` adds a route for it from this list.
 *
 * @module
 */

/** Which preview a whitelisted path gets. */
export type PreviewKind = "default" | "token" | "pool" | "position" | "nft_asset" | "nft_collection";

/** One whitelisted route. */
export interface PreviewRoute {
  /** `URLPattern` pathname pattern, e.g. `/tokens/:chainName/:tokenAddress`. */
  readonly pattern: string;
  /** The preview the page carries. */
  readonly kind: PreviewKind;
  /** React Router route id (`routes/<flat file name>`, or the alias's own `routes/<name>`). */
  readonly routeId: string;
  /** The flat route file (`app/routes/<module>.tsx`) that renders the page: its own, or the one an alias shares. */
  readonly module: string;
  /** Whether the route shares another route's module (added by `app/routes.ts`, no file of its own). */
  readonly alias: boolean;
}

function route(pattern: string, file: string, kind: PreviewKind = "default"): PreviewRoute {
  return { pattern, kind, routeId: `routes/${file}`, module: file, alias: false };
}

/** A route served by the module of another one (`module`), under its own id `routes/<name>`. */
function alias(pattern: string, name: string, module: string, kind: PreviewKind = "default"): PreviewRoute {
  return { pattern, kind, routeId: `routes/${name}`, module, alias: true };
}

/** The whitelist, in the order the product lists it. */
export const PREVIEW_ROUTES: readonly PreviewRoute[] = [
  route("/", "_index"),
  route("/explore", "explore._index"),
  route("/explore/tokens/:chainName/:tokenAddress", "explore.tokens.$chainName.$tokenAddress", "token"),
  route("/explore/pools/:chainName/:poolAddress", "explore.pools.$chainName.$poolAddress", "pool"),
  route("/tokens", "tokens._index"),
  route("/tokens/:chainName", "tokens.$chainName._index"),
  alias(
    "/tokens/:chainName/:tokenAddress",
    "tokens.$chainName.$tokenAddress",
    "explore.tokens.$chainName.$tokenAddress",
    "token",
  ),
  route("/vote{/*}?", "vote.$"),
  route("/create-proposal", "create-proposal"),
  route("/sell", "sell"),
  route("/send", "send"),
  route("/swap", "swap"),
  route("/buy", "buy"),
  route("/limit", "limit"),
  route("/limits", "limits"),
  route("/pool", "pool._index"),
  route("/pool/v2", "pool.v2._index"),
  route("/pool/v2/find", "pool.v2.find"),
  route("/pool/new", "pool.new"),
  route("/pool/:tokenId", "pool.$tokenId"),
  alias("/pools", "pools._index", "pool._index"),
  alias("/pools/v2", "pools.v2._index", "pool.v2._index"),
  alias("/pools/v2/find", "pools.v2.find", "pool.v2.find"),
  alias("/pools/new", "pools.new", "pool.new"),
  alias("/pools/:tokenId", "pools.$tokenId", "pool.$tokenId"),
  alias(
    "/pools/:chainName/:poolAddress",
    "pools.$chainName.$poolAddress",
    "explore.pools.$chainName.$poolAddress",
    "pool",
  ),
  route("/portfolio", "portfolio._index"),
  route("/portfolio/tokens", "portfolio.tokens"),
  route("/portfolio/defi", "portfolio.defi"),
  route("/portfolio/nfts", "portfolio.nfts"),
  route("/portfolio/activity", "portfolio.activity"),
  route("/positions", "positions._index"),
  alias("/positions/create", "positions.create._index", "pool.new"),
  route("/positions/create/:protocolVersion", "positions.create.$protocolVersion"),
  route("/positions/v2/:chainName/:pairAddress", "positions.v2.$chainName.$pairAddress", "position"),
  route("/positions/v3/:chainName/:tokenId", "positions.v3.$chainName.$tokenId", "position"),
  route("/positions/v4/:chainName/:tokenId", "positions.v4.$chainName.$tokenId", "position"),
  route("/add", "add._index"),
  route("/add/v2", "add.v2"),
  // app.uniswap.org's links with the pair (and the V3 fee tier) in the path open the forms with them picked.
  alias("/add/v2/:currencyIdA", "add.v2.$currencyIdA", "add.v2"),
  alias("/add/v2/:currencyIdA/:currencyIdB", "add.v2.$currencyIdA.$currencyIdB", "add.v2"),
  alias("/add/:currencyIdA/:currencyIdB", "add.$currencyIdA.$currencyIdB", "add._index"),
  alias("/add/:currencyIdA/:currencyIdB/:fee", "add.$currencyIdA.$currencyIdB.$fee", "add._index"),
  route("/increase", "increase"),
  route("/remove/v2/:currencyIdA/:currencyIdB", "remove.v2.$currencyIdA.$currencyIdB"),
  alias("/remove/:tokenId", "remove.$tokenId", "pool.$tokenId"),
  route("/migrate/v2", "migrate.v2._index"),
  route("/migrate/v2/:address", "migrate.v2.$address"),
  route("/migrate/v2/:chainName/:pairAddress", "migrate.v2.$chainName.$pairAddress"),
  route("/migrate/v3/:chainName/:tokenId", "migrate.v3.$chainName.$tokenId"),
  route("/nfts", "nfts._index"),
  route("/nfts/asset/:contractAddress/:tokenId", "nfts.asset.$contractAddress.$tokenId", "nft_asset"),
  route("/nfts/profile", "nfts.profile"),
  route("/nfts/collection/:contractAddress", "nfts.collection.$contractAddress._index", "nft_collection"),
  route("/nfts/collection/:contractAddress/activity", "nfts.collection.$contractAddress.activity"),
  route("/auth/passkey/extension", "auth.passkey.extension"),
  route("/manage/passkey/:walletAddress", "manage.passkey.$walletAddress"),
  route("/extension/uninstall", "extension.uninstall"),
];

/**
 * React Router routes that are deliberately not in the whitelist: they render no
 * page of their own, so they never carry a preview.
 */
export const ROUTES_OUTSIDE_WHITELIST: readonly string[] = [
  // The document and layout around every page.
  "root",
  // A resource route: the token pickers' list as JSON (no document, no preview).
  "routes/token-list",
];

/** A whitelist pattern taken apart once: its segments, whether it ends in `{/*}?`, its specificity. */
interface CompiledRoute {
  readonly route: PreviewRoute;
  /** A literal segment, or `{ param }` for a `:param` segment. */
  readonly segments: readonly (string | { readonly param: string })[];
  /** The pattern ends in `{/*}?`: any further segments (none included) match, as parameter `0`. */
  readonly rest: boolean;
  /** Literal segments: the more, the more specific. */
  readonly score: number;
}

function compile(route: PreviewRoute): CompiledRoute {
  const rest = route.pattern.endsWith("{/*}?");
  const base = rest ? route.pattern.slice(0, -"{/*}?".length) : route.pattern;
  const segments = base.split("/").filter((s) => s !== "").map((s) => s.startsWith(":") ? { param: s.slice(1) } : s);
  return { route, segments, rest, score: segments.filter((s) => typeof s === "string").length };
}

// Built once: matching a path compares segments, with no pattern engine per request.
const compiled: readonly CompiledRoute[] = PREVIEW_ROUTES.map(compile);

function matchCompiled(entry: CompiledRoute, parts: readonly string[]): Record<string, string> | null {
  const { segments } = entry;
  if (entry.rest ? parts.length < segments.length : parts.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = parts[i];
    if (typeof segment === "string") {
      if (segment !== part) return null;
    } else {
      if (part === "") return null;
      params[segment.param] = part;
    }
  }
  if (parts.length > segments.length) params["0"] = parts.slice(segments.length).join("/");
  return params;
}

/** A whitelisted route matched against a path, with its named parameters. */
export interface PreviewMatch {
  readonly route: PreviewRoute;
  readonly params: Readonly<Record<string, string>>;
}

/**
 * Strips a trailing slash (but not from `/`), as canonical URLs have none.
 */
export function canonicalPath(pathname: string): string {
  const stripped = pathname.replace(/\/+$/, "");
  return stripped === "" ? "/" : stripped;
}

/**
 * Finds the whitelisted route for a path. Static segments win over
 * parameters (`/pools/v2` is not a pool id), as in React Router.
 */
export function matchPreviewRoute(pathname: string): PreviewMatch | null {
  const path = canonicalPath(pathname);
  const parts = path === "/" ? [] : path.slice(1).split("/");
  let best: PreviewMatch | null = null;
  let bestScore = -1;
  for (const entry of compiled) {
    if (entry.score <= bestScore) continue;
    const params = matchCompiled(entry, parts);
    if (params === null) continue;
    best = { route: entry.route, params };
    bestScore = entry.score;
  }
  return best;
}

/** A same-origin path of a whitelisted page, as {@linkcode parsePreviewPath} accepts it. */
export interface PreviewPath {
  /** The canonical path (no trailing slash). */
  readonly pathname: string;
  /** `?…` or `""`. */
  readonly search: string;
  readonly match: PreviewMatch;
}

/**
 * A path a visitor typed (the inspector's `?path=`, the purge's body) as a
 * whitelisted page of this origin, or `null`: it must start with one `/`
 * (no `//host`, no `/\\host`, no scheme), hold no backslash, control
 * character or encoded slash, dot segment or `@`, and match the whitelist.
 */
export function parsePreviewPath(raw: unknown): PreviewPath | null {
  if (typeof raw !== "string" || raw.length === 0 || raw.length > 2048) return null;
  if (!raw.startsWith("/") || raw.startsWith("//")) return null;
  // Backslashes (browsers read `/\\evil` as `//evil`), controls and spaces, and encoded slashes, backslashes,
  // dots or percent signs (decoded later into one of those) are refused outright.
  // deno-lint-ignore no-control-regex
  if (/[\\\u0000-\u0020\u007f@#]/.test(raw) || /%(2f|5c|2e|25|00)/i.test(raw)) return null;
  const base = "http://preview.invalid";
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    return null;
  }
  if (url.origin !== base || url.username || url.password) return null;
  if (url.pathname.split("/").some((segment) => segment === "." || segment === "..")) return null;
  const question = raw.indexOf("?");
  const rawPath = question === -1 ? raw : raw.slice(0, question);
  if (rawPath !== url.pathname) return null;
  const match = matchPreviewRoute(url.pathname);
  if (match === null) return null;
  return { pathname: canonicalPath(url.pathname), search: url.search, match };
}
