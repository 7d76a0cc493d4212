/**
 * The link preview of a page: which preview a request gets (default, token or
 * pool, from the whitelist) and the meta tags that carry it. The root route's
 * loader calls {@linkcode loadPagePreview}; its `meta()` calls
 * {@linkcode previewMeta}.
 *
 * @module
 */
import type { MetaDescriptor } from "react-router";
import { canonicalPath, matchPreviewRoute } from "./preview_routes.ts";
import type { PoolPreview, PreviewSource, TokenPreview } from "./preview_types.ts";
import { warnOnce } from "./log.ts";

/** Title of every page without a token or pool preview. */
export const DEFAULT_TITLE = "Uniswap Interface";

/** Description of every page without a token or pool preview. */
export const DEFAULT_DESCRIPTION =
  "Swap crypto on Ethereum, Base, Arbitrum, Polygon, Unichain and more. The DeFi platform trusted by millions.";

/** Path of the default 1200x630 preview image in `static/`. */
export const DEFAULT_IMAGE_PATH = "/images/preview.png";

/** The preview a page's first HTML carries. */
export interface PagePreview {
  readonly title: string;
  readonly description: string;
  /** Absolute URL of a 1200x630 PNG. */
  readonly image: string;
  readonly imageAlt: string;
  /** Absolute canonical URL of the page. */
  readonly url: string;
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

/** The preview of a token page. */
export function tokenPagePreview(token: TokenPreview, url: string): PagePreview {
  const label = token.symbol !== "UNK" ? token.symbol : token.name;
  return {
    title: token.title,
    description: `Swap ${token.name} (${token.symbol}) on Uniswap: live price, charts, pools and transactions.`,
    image: token.image,
    imageAlt: `${label} on Uniswap: token logo, name and symbol`,
    url,
  };
}

/** The preview of a pool page. */
export function poolPagePreview(pool: PoolPreview, url: string): PagePreview {
  const version = pool.poolData.protocolVersion ? ` ${pool.poolData.protocolVersion}` : "";
  return {
    title: pool.title,
    description: `Provide liquidity to or swap in the ${pool.name}${version} pool on Uniswap: TVL, volume and fees.`,
    image: pool.image,
    imageAlt: `${pool.name}${version} pool on Uniswap: both token logos and the fee tier`,
    url,
  };
}

/**
 * Decides the preview of a request. Invalid input or a failing gateway falls
 * back to the default preview: a page never fails because of its preview.
 */
export async function loadPagePreview(
  request: Request,
  previews: PreviewSource,
  origin: string,
): Promise<HeadData> {
  const blockedPaths = request.headers.get("x-blocked-paths");
  const { pathname } = new URL(request.url);
  const match = matchPreviewRoute(pathname);
  if (!match) return { preview: null, blockedPaths };
  const url = `${origin}${canonicalPath(pathname)}`;
  const params = match.route.kind === "token"
    ? [match.params.chainName, match.params.tokenAddress]
    : [match.params.chainName ?? match.params.networkName, match.params.poolAddress];
  try {
    if (match.route.kind === "token") {
      const token = await previews.token(decode(params[0]), decode(params[1]), origin);
      if (token) return { preview: tokenPagePreview(token, url), blockedPaths };
    } else if (match.route.kind === "pool") {
      const pool = await previews.pool(decode(params[0]), decode(params[1]), origin);
      if (pool) return { preview: poolPagePreview(pool, url), blockedPaths };
    }
  } catch (error) {
    warnOnce(`preview-${match.route.kind}`, `Cannot load the ${match.route.kind} preview of ${pathname}`, error);
    return { preview: defaultPreview(origin, url), blockedPaths, previewFailed: true };
  }
  return { preview: defaultPreview(origin, url), blockedPaths };
}

function decode(segment: string | undefined): string {
  if (segment === undefined) return "";
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The meta tags of a preview (React escapes every value when it renders them). */
export function previewMeta(head: HeadData | undefined): MetaDescriptor[] {
  const tags: MetaDescriptor[] = [];
  const preview = head?.preview;
  if (preview) {
    tags.push(
      { title: preview.title },
      { name: "description", content: preview.description },
      { property: "og:title", content: preview.title },
      { property: "og:description", content: preview.description },
      { property: "og:image", content: preview.image },
      { property: "og:image:width", content: "1200" },
      { property: "og:image:height", content: "630" },
      { property: "og:image:alt", content: preview.imageAlt },
      { property: "og:type", content: "website" },
      { property: "og:url", content: preview.url },
      { name: "twitter:card", content: "summary_large_image" },
      { name: "twitter:title", content: preview.title },
      { name: "twitter:description", content: preview.description },
      { name: "twitter:image", content: preview.image },
      { name: "twitter:image:alt", content: preview.imageAlt },
    );
  } else {
    tags.push({ title: DEFAULT_TITLE });
  }
  if (head?.blockedPaths) tags.push({ property: "x:blocked-paths", content: head.blockedPaths });
  return tags;
}
