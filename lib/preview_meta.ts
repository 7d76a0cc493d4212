/**
 * The link preview of a page: which preview a request gets (default, token,
 * pool or position, from the whitelist) and the meta tags that carry it. The root route's
 * loader calls {@linkcode loadPagePreview}; its `meta()` calls
 * {@linkcode previewMeta}.
 *
 * @module
 */
import type { MetaDescriptor } from "react-router";
import { canonicalPath, matchPreviewRoute } from "./preview_routes.ts";
import {
  MAX_DESCRIPTION,
  MAX_TITLE,
  type NftAssetPreview,
  type NftCollectionPreview,
  type PoolPreview,
  type PositionPreview,
  type PositionStatus,
  type PreviewSource,
  type TokenPreview,
} from "./preview_types.ts";
import type { LoaderLogger } from "./load_context.ts";
import { feeLabel } from "./fees.ts";
import { shortHook } from "./preview_hook.ts";
import { fitText, previewText } from "./text.ts";

export { MAX_DESCRIPTION, MAX_TITLE };

/** Longest og:image:alt and twitter:image:alt (X allows 420). */
export const MAX_IMAGE_ALT = 420;

/** `og:site_name` of every preview. */
export const SITE_NAME = "Uniswap";

/** `twitter:site`: the product's X account. */
export const TWITTER_SITE = "@Uniswap";

/** `<meta name="theme-color">`: the brand pink of the favicon (Discord's accent bar, mobile browser chrome). */
export const THEME_COLOR = "#fc72ff";

/** An icon or manifest `<link>` of every page. */
export interface SiteLink {
  readonly rel: "icon" | "apple-touch-icon" | "manifest";
  readonly href: string;
  readonly type?: string;
  /** `WxH` (space-separated for the ICO); a PNG at `href` has exactly this size (`scripts/make_icons.ts` draws them). */
  readonly sizes?: string;
}

/**
 * The icons and the web app manifest every page links from its head, all
 * files of `static/`: the ICO for old clients and crawlers that ask for
 * `/favicon.ico`, the SVG for browsers, a 32 px PNG, the 180 px Apple touch
 * icon (Slack, iMessage) and the manifest with the 192 and 512 px icons.
 */
export const SITE_LINKS: readonly SiteLink[] = [
  { rel: "icon", href: "/favicon.ico", sizes: "16x16 32x32 48x48" },
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  { rel: "icon", href: "/favicon-32x32.png", type: "image/png", sizes: "32x32" },
  { rel: "apple-touch-icon", href: "/apple-touch-icon.png", sizes: "180x180" },
  { rel: "manifest", href: "/site.webmanifest" },
];

/** Longest query kept in og:url; parameters past it are left out. */
const MAX_CANONICAL_QUERY = 2048;

/**
 * Query parameters that only say where a click came from (matched on the
 * lower-cased name; `utm_*` as a prefix). They are left out of og:url so
 * every shared copy of a link is one resource to the crawlers.
 */
export const TRACKING_PARAMETERS: readonly string[] = [
  "fbclid",
  "gclid",
  "dclid",
  "msclkid",
  "twclid",
  "igshid",
  "mc_cid",
  "mc_eid",
];

/** Title of every page without a token or pool preview. */
export const DEFAULT_TITLE = "Uniswap Interface";

/** Description of every page without a token or pool preview. */
export const DEFAULT_DESCRIPTION =
  "Swap crypto on Ethereum, Base, Arbitrum, Polygon, Unichain and more. The DeFi platform trusted by millions.";

/** Path of the default 1200x630 preview image in `static/`. */
export const DEFAULT_IMAGE_PATH = "/images/preview.png";

/** A `twitter:label{n}` / `twitter:data{n}` pair (Slack shows up to two). */
export interface PreviewLabel {
  readonly label: string;
  readonly data: string;
}

/** The preview a page's first HTML carries. */
export interface PagePreview {
  readonly title: string;
  readonly description: string;
  /** Absolute URL of a 1200x630 PNG. */
  readonly image: string;
  readonly imageAlt: string;
  /** Absolute canonical URL of the page (og:url and `<link rel="canonical">`). */
  readonly url: string;
  /** At most two label/data pairs (token: Price, 24h; pool: TVL, Fee tier; position: Status, Fee tier). */
  readonly labels?: readonly PreviewLabel[];
}

/** Words of a position's status, as its card and unfurl show it. */
export const POSITION_STATUS_LABELS: Readonly<Record<PositionStatus, string>> = {
  "in-range": "In range",
  "out-of-range": "Out of range",
  closed: "Closed",
};

/** A USD amount for a label: `$9.84`, `$0.000123`, `$1.2M`, `$3.4B`. */
export function usdLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `$${Number((value / 1e9).toFixed(1))}B`;
  if (abs >= 1e6) return `$${Number((value / 1e6).toFixed(1))}M`;
  if (abs >= 1e3) return `$${Number((value / 1e3).toFixed(1))}K`;
  if (abs >= 1 || abs === 0) return `$${value.toFixed(2)}`;
  return `$${Number(value.toPrecision(3))}`;
}

/** A 24h change for a label: `+1.25%`, `-0.03%`, `0.00%`. */
export function changeLabel(percent: number): string {
  const sign = percent > 0 ? "+" : "";
  return `${sign}${percent.toFixed(2)}%`;
}

function labelsOf(pairs: readonly (readonly [string, string | null])[]): PreviewLabel[] {
  return pairs.filter((pair): pair is [string, string] => pair[1] !== null).map(([label, data]) => ({ label, data }));
}

/** What the root loader returns for the document head. */
export interface HeadData {
  /** `null` for paths outside the whitelist. */
  readonly preview: PagePreview | null;
  /** The `x-blocked-paths` request header, passed through. */
  readonly blockedPaths: string | null;
  /**
   * The token or pool preview could not be read (gateway failure): the
   * default preview stands in, and no cache may keep the page.
   */
  readonly previewFailed?: boolean;
}

/** The default preview of a whitelisted page. */
export function defaultPreview(origin: string, url: string): PagePreview {
  return {
    title: DEFAULT_TITLE,
    description: DEFAULT_DESCRIPTION,
    image: `${origin}${DEFAULT_IMAGE_PATH}`,
    imageAlt: "Uniswap: swap crypto on Ethereum, Base, Arbitrum, Polygon, Unichain and more",
    url,
  };
}

/**
 * The preview of a token page. The text reads naturally whatever the
 * gateway knows: `Swap Uniswap (UNI) on Uniswap: …` with name and symbol,
 * `Swap UNI on Uniswap: …` with one of them, `Swap this token on Uniswap: …`
 * with neither; names are cut so every text keeps its length limit.
 */
export function tokenPagePreview(token: TokenPreview, url: string): PagePreview {
  const name = token.name;
  const symbol = token.symbol;
  const tail = "on Uniswap: live price, charts, pools and transactions.";
  let description: string;
  if (name !== null && symbol !== null && name.toLowerCase() !== symbol.toLowerCase()) {
    description = fitText(MAX_DESCRIPTION, (n, s) => `Swap ${n} (${s}) ${tail}`, [name, symbol]);
  } else if (name !== null || symbol !== null) {
    description = fitText(MAX_DESCRIPTION, (label) => `Swap ${label} ${tail}`, [(symbol ?? name)!]);
  } else {
    description = `Swap this token ${tail}`;
  }
  const label = symbol ?? name;
  return {
    title: token.title,
    description,
    image: token.image,
    imageAlt: label === null
      ? "A token on Uniswap: its logo, name and symbol"
      : fitText(MAX_IMAGE_ALT, (l) => `${l} on Uniswap: token logo, name and symbol`, [label]),
    url,
    labels: labelsOf([
      ["Price", typeof token.priceUsd === "number" ? usdLabel(token.priceUsd) : null],
      ["24h", typeof token.change24h === "number" ? changeLabel(token.change24h) : null],
    ]),
  };
}

/**
 * The preview of a pool page: `… the USDC/WETH V3 pool on Uniswap …`, or
 * `… this USDC V3 pool …` / `… this V3 pool …` when symbols are unknown. A
 * V4 pool names its hook and dynamic fee:
 * `… the ETH/USDC V4 pool on Uniswap, with hook 0x1234…abcd and a dynamic fee: …`.
 */
export function poolPagePreview(pool: PoolPreview, url: string): PagePreview {
  const version = pool.poolData.protocolVersion ? ` ${pool.poolData.protocolVersion}` : "";
  const pair = pool.name.includes("/");
  const article = pair ? "the" : "this";
  const name = pool.name === "" ? "" : ` ${pool.name}`;
  const extras = v4Extras(pool);
  return {
    title: pool.title,
    description: fitText(
      MAX_DESCRIPTION,
      (n) => `Provide liquidity to or swap in ${article}${n}${version} pool on Uniswap${extras}: TVL, volume and fees.`,
      [name],
    ),
    imageAlt: fitText(
      MAX_IMAGE_ALT,
      (n) =>
        pair
          ? `${n.trim()}${version} pool on Uniswap${extras}: both token logos and the fee tier`
          : `A${n}${version} pool on Uniswap${extras}: its token logos and the fee tier`,
      [name],
    ),
    image: pool.image,
    url,
    labels: labelsOf([
      ["TVL", typeof pool.poolData.tvlUsd === "number" ? usdLabel(pool.poolData.tvlUsd) : null],
      ["Fee tier", feeLabel(pool.poolData)],
    ]),
  };
}

/** `, with hook 0x1234…abcd and a dynamic fee`, `, with hook …`, `, with a dynamic fee` or `""` (not V4, neither). */
function v4Extras(pool: PoolPreview): string {
  if (pool.poolData.protocolVersion !== "V4") return "";
  const hook = shortHook(pool.poolData.hookAddress);
  const parts = [
    ...(hook === null ? [] : [`hook ${hook}`]),
    ...(pool.poolData.isDynamicFee === true ? ["a dynamic fee"] : []),
  ];
  return parts.length === 0 ? "" : `, with ${parts.join(" and ")}`;
}

/**
 * The preview of a position page: `A USDC/WETH V3 position on Uniswap, in
 * range from 0.00031 to 0.00042 USDC per WETH…`.
 */
export function positionPagePreview(position: PositionPreview, url: string): PagePreview {
  const data = position.positionData;
  const status = POSITION_STATUS_LABELS[data.status];
  const range = data.priceLower !== null && data.priceUpper !== null
    ? ` Range ${data.priceLower} to ${data.priceUpper}.`
    : "";
  return {
    title: position.title,
    description: fitText(
      MAX_DESCRIPTION,
      (n) => `A ${n} ${data.protocolVersion} liquidity position on Uniswap: ${status.toLowerCase()}.${range}`,
      [position.name],
    ),
    image: position.image,
    imageAlt: fitText(
      MAX_IMAGE_ALT,
      (n) => `${n} ${data.protocolVersion} position on Uniswap: token logos, fee tier, price range and status`,
      [position.name],
    ),
    url,
    labels: labelsOf([["Status", status], ["Fee tier", feeLabel(data)]]),
  };
}

/**
 * An ETH amount for a label or a card: `0.845 ETH`, `61.2 ETH`, `0.0075 ETH`,
 * `1.2K ETH` (four significant digits at most).
 */
export function ethLabel(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e6) return `${Number((value / 1e6).toFixed(1))}M ETH`;
  if (abs >= 1e4) return `${Number((value / 1e3).toFixed(1))}K ETH`;
  if (abs === 0) return "0 ETH";
  return `${Number(value.toPrecision(4))} ETH`;
}

/** A count for a label: `12`, `1,234`, `12.3K`, `4.5M`. */
export function countLabel(value: number): string {
  if (value >= 1e6) return `${Number((value / 1e6).toFixed(1))}M`;
  if (value >= 1e5) return `${Number((value / 1e3).toFixed(1))}K`;
  return Math.round(value).toLocaleString("en-US");
}

/**
 * The preview of an NFT asset page: its name for a title, and a description
 * naming the NFT, its collection and its listing or floor price.
 */
export function nftAssetPagePreview(asset: NftAssetPreview, url: string): PagePreview {
  const data = asset.nftData;
  const price = data.listingEth !== null
    ? ` Listed at ${ethLabel(data.listingEth)}.`
    : data.floorEth !== null
    ? ` Collection floor ${ethLabel(data.floorEth)}.`
    : "";
  const description = data.collectionName === null
    ? fitText(MAX_DESCRIPTION, (n) => `${n}, an NFT on Uniswap.${price}`, [asset.title])
    : fitText(
      MAX_DESCRIPTION,
      (n, c) => `${n} from the ${c} collection on Uniswap.${price}`,
      [asset.title, data.collectionName],
    );
  return {
    title: asset.title,
    description,
    image: asset.image,
    imageAlt: fitText(MAX_IMAGE_ALT, (n) => `${n} on Uniswap: the NFT's image, its collection and price`, [
      asset.title,
    ]),
    url,
    labels: labelsOf([
      ["Listed", data.listingEth !== null ? ethLabel(data.listingEth) : null],
      ["Floor", data.floorEth !== null ? ethLabel(data.floorEth) : null],
    ]),
  };
}

/**
 * The preview of an NFT collection page: its name for a title, and a
 * description with its items, owners and floor price.
 */
export function nftCollectionPagePreview(collection: NftCollectionPreview, url: string): PagePreview {
  const data = collection.collectionData;
  const facts = [
    data.items !== null ? `${countLabel(data.items)} items` : null,
    data.owners !== null ? `${countLabel(data.owners)} owners` : null,
    data.floorEth !== null ? `floor ${ethLabel(data.floorEth)}` : null,
  ].filter((fact) => fact !== null).join(", ");
  return {
    title: collection.title,
    description: fitText(
      MAX_DESCRIPTION,
      (n) => `Explore the ${n} NFT collection on Uniswap${facts ? `: ${facts}` : ""}.`,
      [collection.title],
    ),
    image: collection.image,
    imageAlt: fitText(
      MAX_IMAGE_ALT,
      (n) => `${n} on Uniswap: the collection's image, floor price, volume, owners and items`,
      [collection.title],
    ),
    url,
    labels: labelsOf([
      ["Floor", data.floorEth !== null ? ethLabel(data.floorEth) : null],
      ["24h volume", data.volume24hEth !== null ? ethLabel(data.volume24hEth) : null],
    ]),
  };
}

/**
 * The query of og:url: the request's parameters in their order and spelling,
 * minus tracking parameters ({@linkcode TRACKING_PARAMETERS}, `utm_*`) and
 * empty pieces; `""` when none is left, else `?…`.
 *
 * @example
 * ```ts
 * canonicalQuery("?inputCurrency=ETH&utm_source=x&fbclid=1&outputCurrency=0xabc");
 * // "?inputCurrency=ETH&outputCurrency=0xabc"
 * ```
 */
export function canonicalQuery(search: string): string {
  const kept: string[] = [];
  let length = 0;
  for (const piece of search.replace(/^\?/, "").split("&")) {
    if (piece === "") continue;
    const rawName = piece.split("=", 1)[0];
    let name: string;
    try {
      name = decodeURIComponent(rawName.replaceAll("+", " ")).toLowerCase();
    } catch {
      name = rawName.toLowerCase();
    }
    if (name.startsWith("utm_") || TRACKING_PARAMETERS.includes(name)) continue;
    if (length + piece.length + 1 > MAX_CANONICAL_QUERY) break;
    kept.push(piece);
    length += piece.length + 1;
  }
  return kept.length === 0 ? "" : `?${kept.join("&")}`;
}

/** The preview of a whitelisted page of `kind`, read from `previews` (`null`: unknown, the default preview). */
async function pagePreviewOf(
  kind: string,
  params: Readonly<Record<string, string | undefined>>,
  pattern: string,
  previews: PreviewSource,
  origin: string,
  url: string,
): Promise<PagePreview | null> {
  const p = (name: string) => decode(params[name]);
  if (kind === "token") {
    const token = await previews.token(p("chainName"), p("tokenAddress"), origin);
    return token && tokenPagePreview(token, url);
  }
  if (kind === "pool") {
    const pool = await previews.pool(p("chainName"), p("poolAddress"), origin);
    return pool && poolPagePreview(pool, url);
  }
  if (kind === "position" && previews.position) {
    const id = params.pairAddress === undefined ? p("tokenId") : p("pairAddress");
    const position = await previews.position(positionVersionOf(pattern), p("chainName"), id, origin);
    return position && positionPagePreview(position, url);
  }
  if (kind === "nft_asset" && previews.nftAsset) {
    const asset = await previews.nftAsset(p("contractAddress"), p("tokenId"), origin);
    return asset && nftAssetPagePreview(asset, url);
  }
  if (kind === "nft_collection" && previews.nftCollection) {
    const collection = await previews.nftCollection(p("contractAddress"), origin);
    return collection && nftCollectionPagePreview(collection, url);
  }
  return null;
}

/**
 * Decides the preview of a request. Invalid input or a failing gateway falls
 * back to the default preview: a page never fails because of its preview.
 */
export async function loadPagePreview(
  request: Request,
  previews: PreviewSource,
  origin: string,
  logger: Pick<LoaderLogger, "warnOnce">,
): Promise<HeadData> {
  const blockedPaths = request.headers.get("x-blocked-paths");
  const { pathname, search } = new URL(request.url);
  const match = matchPreviewRoute(pathname);
  if (!match) return { preview: null, blockedPaths };
  const url = `${origin}${canonicalPath(pathname)}${canonicalQuery(search)}`;
  try {
    const preview = await pagePreviewOf(match.route.kind, match.params, match.route.pattern, previews, origin, url);
    if (preview) return { preview, blockedPaths };
  } catch (error) {
    logger.warnOnce(`preview-${match.route.kind}`, `Cannot load the ${match.route.kind} preview of ${pathname}`, error);
    return { preview: defaultPreview(origin, url), blockedPaths, previewFailed: true };
  }
  return { preview: defaultPreview(origin, url), blockedPaths };
}

/** `v2`, `v3` or `v4` from a `/positions/{version}/...` pattern. */
function positionVersionOf(pattern: string): "v2" | "v3" | "v4" {
  const version = pattern.split("/")[2];
  return version === "v2" || version === "v4" ? version : "v3";
}

function decode(segment: string | undefined): string {
  if (segment === undefined) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The meta tags of a preview (React escapes every value when it renders
 * them). Title and description are cleaned and capped here once more
 * ({@linkcode MAX_TITLE}, {@linkcode MAX_DESCRIPTION}), whatever built them.
 */
export function previewMeta(head: HeadData | undefined): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [];
  const preview = head?.preview;
  if (preview) {
    const title = previewText(preview.title, MAX_TITLE);
    const description = previewText(preview.description, MAX_DESCRIPTION);
    const imageAlt = previewText(preview.imageAlt, MAX_IMAGE_ALT);
    tags.push(
      { title },
      { name: "description", content: description },
      { property: "og:site_name", content: SITE_NAME },
      { property: "og:title", content: title },
      { property: "og:description", content: description },
      { property: "og:image", content: preview.image },
      { property: "og:image:type", content: "image/png" },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: imageAlt },
      { property: "og:type", content: "website" },
      { property: "og:url", content: preview.url },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:site", content: TWITTER_SITE },
      { name: "twitter:title", content: title },
      { name: "twitter:description", content: description },
      { name: "twitter:image", content: preview.image },
      { name: "twitter:image:alt", content: imageAlt },
      { tagName: "link", rel: "canonical", href: preview.url },
    );
    for (const [index, { label, data }] of (preview.labels ?? []).slice(0, 2).entries()) {
      tags.push(
        { name: `twitter:label${index + 1}`, content: previewText(label, MAX_TITLE) },
        { name: `twitter:data${index + 1}`, content: previewText(data, MAX_TITLE) },
      );
    }
  } else {
    tags.push({ title: DEFAULT_TITLE });
  }
  if (head?.blockedPaths) tags.push({ property: "x:blocked-paths", content: head.blockedPaths });
  return tags;
}
