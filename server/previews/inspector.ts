/**
 * `GET /preview?path={a same-origin path}`: how a link of this service
 * unfurls on X, Facebook, LinkedIn, Slack, Discord, Telegram and iMessage.
 *
 * - The path must be a whitelisted page of this origin (`parsePreviewPath`):
 *   anything else (`https://elsewhere.example/`, `//evil`, `/\evil`, encoded
 *   tricks, an API path) is a `400` page that says why.
 * - The document is fetched once per platform with that platform's crawler
 *   User-Agent, and the share image once, through `fetchSelf`: the service's
 *   own request handler, in process. Nothing leaves the process and no URL a
 *   visitor gives is ever fetched (an image URL on another origin is named,
 *   not fetched).
 * - The page is server-rendered HTML (every value escaped: titles are hostile
 *   text), without scripts, with its own strict CSP; it is not in the preview
 *   whitelist.
 * - With `PREVIEW_PURGE_TOKEN` set it offers the purge: a form posting the
 *   path and the token back here (`POST /preview`), handed to the purge
 *   (`purge.ts`) as `Authorization: Bearer` and a JSON body.
 *
 * @module
 */
import { parsePreviewPath, type PreviewPath } from "../../lib/preview_routes.ts";
import { readBytesCapped, readTextCapped } from "../../lib/read_capped.ts";
import { createRateLimiter, type RateLimiter } from "../http/rate_limit.ts";
import {
  type CardView,
  cardView,
  cutText,
  type FoundTag,
  type ImageCheck,
  imageSize,
  PLATFORMS,
  readTags,
  TAG_WINDOW_BYTES,
} from "./inspector_checks.ts";

/** The path of the inspector. */
export const INSPECTOR_PATH = "/preview";

/** Largest document or image the inspector reads, in bytes. */
const MAX_READ_BYTES = 16 * 1024 * 1024;

/** Options of {@linkcode createPreviewInspector}. */
export interface PreviewInspectorOptions {
  /** The service's own request handler (in process): the only thing the inspector fetches. */
  readonly fetchSelf: (request: Request) => Promise<Response>;
  /** `PUBLIC_ORIGIN`, else the request's origin. */
  readonly publicOrigin?: string | null;
  /** The purge (`createPreviewPurge`), when `PREVIEW_PURGE_TOKEN` is set; the form is offered only then. */
  readonly purge?: ((request: Request) => Promise<Response | null>) | null;
  /** Clock for the cache-busting stamp; default `Date.now`. */
  readonly now?: () => number;
  /** The client of a request (its rate limit); default: one client. */
  readonly clientOf?: (request: Request) => string;
  /**
   * Inspections a client may ask for (each fetches the page seven times and its image once); default
   * {@linkcode INSPECTIONS_PER_MINUTE} a minute, bursts of 10.
   */
  readonly rateLimiter?: RateLimiter;
}

/** Inspections a client may ask for in a minute, by default. */
export const INSPECTIONS_PER_MINUTE = 30;

/** Escapes text for HTML content and quoted attributes. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The page as one platform's crawler fetched it. */
interface Fetched {
  readonly status: number;
  readonly tags: readonly FoundTag[];
  readonly bytes: number;
}

const STYLE = `
body{font:16px/1.5 system-ui,sans-serif;margin:0 auto;max-width:1100px;padding:1rem;color:#1b1b1b;background:#fff}
h1{font-size:1.6rem}h2{font-size:1.3rem;margin-top:2rem}h3{font-size:1.1rem;margin:.2rem 0}
a{color:#0645ad}code{background:#f1f1f1;padding:0 .2em;word-break:break-all}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(320px,1fr));gap:1rem}
.card{border:1px solid #767676;border-radius:8px;padding:.8rem}
.frame{overflow:hidden;border-radius:6px;background:#eee;width:100%}
.frame img{width:100%;height:100%;object-fit:cover;display:block}
.bar{border-left:4px solid var(--bar,#767676);padding-left:.6rem}
.warn{color:#8a1c00}.ok{color:#1e5e1e}
table{border-collapse:collapse;width:100%}td,th{border:1px solid #767676;padding:.25rem .4rem;text-align:left;vertical-align:top}
label{display:block;margin:.4rem 0 .1rem}input{font:inherit;padding:.3rem;width:min(100%,40rem)}
button{font:inherit;padding:.3rem .8rem;margin-top:.5rem}
`;

function page(title: string, body: string, status: number): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  return new Response(html, {
    status,
    headers: {
      "content-type": "text/html; charset=utf-8",
      "cache-control": "no-store",
      "content-security-policy":
        "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'",
    },
  });
}

function badPath(raw: string | null): Response {
  const shown = raw === null ? "no path" : `<code>${escapeHtml(raw.slice(0, 300))}</code>`;
  return page(
    "Preview inspector: not a page of this site",
    `<h1>Preview inspector</h1><p role="alert">Cannot inspect ${shown}: expected a path of this site that carries ` +
      `a link preview, starting with one <code>/</code>, such as <code>/explore/tokens/ethereum/0x…</code>. ` +
      `Other sites, <code>//host</code>, backslashes and encoded slashes or dots are refused.</p>` +
      form("", null),
    400,
  );
}

function form(path: string, purgeForm: string | null): string {
  return `<form method="get" action="${INSPECTOR_PATH}"><label for="path">Path to inspect</label>` +
    `<input id="path" name="path" value="${escapeHtml(path)}" required>` +
    `<div><button type="submit">Inspect</button></div></form>${purgeForm ?? ""}`;
}

function purgeForm(path: string): string {
  return `<h2>Purge this page's cached preview</h2><p>For whoever holds <code>PREVIEW_PURGE_TOKEN</code>: removes ` +
    `the preview entry, the share image and the cached gateway reads of this page, so the next view reads the ` +
    `data again and draws a new card.</p><form method="post" action="${INSPECTOR_PATH}">` +
    `<input type="hidden" name="path" value="${escapeHtml(path)}">` +
    `<label for="token">Purge token</label><input id="token" name="token" type="password" ` +
    `autocomplete="current-password" required><div><button type="submit">Purge</button></div></form>`;
}

function renderCard(view: CardView, imagePath: string | null, check: ImageCheck | null): string {
  const p = view.platform;
  const frame = view.image === null
    ? `<p class="warn">No image.</p>`
    : imagePath === null
    ? `<p>Image on another origin: <code>${escapeHtml(view.image)}</code></p>`
    : `<div class="frame" style="aspect-ratio:${p.ratio}"><img src="${escapeHtml(imagePath)}" ` +
      `alt="The share image as ${escapeHtml(p.name)} crops it (${escapeHtml(p.cropLabel)})"></div>`;
  const labels = view.labels.map((l) => `<li>${escapeHtml(l.label)}: ${escapeHtml(l.data)}</li>`).join("");
  const bar = view.themeColor && /^#[0-9a-f]{3,8}$/i.test(view.themeColor) ? ` style="--bar:${view.themeColor}"` : "";
  const warnings = view.warnings.length === 0
    ? `<p class="ok">No warning.</p>`
    : `<ul class="warn">${view.warnings.map((w) => `<li>${escapeHtml(w)}</li>`).join("")}</ul>`;
  const checks = check === null
    ? ""
    : `<p>Image: ${
      check.skipped
        ? escapeHtml(check.skipped)
        : `status ${check.status ?? "none"}, ${escapeHtml(check.type ?? "no type")}, ` +
          `${check.bytes ?? "?"} bytes, ${check.width ?? "?"}x${check.height ?? "?"}` +
          (check.width && check.height ? `, ratio ${(check.width / check.height).toFixed(2)}:1` : "") +
          ` (${escapeHtml(p.name)}: at most ${p.maxImageBytes} bytes, at least ${p.minWidth}x${p.minHeight})`
    }</p>`;
  return `<section class="card" aria-labelledby="card-${p.id}"><h3 id="card-${p.id}">${escapeHtml(p.name)}</h3>` +
    `<div class="bar"${bar}>${frame}<p><strong>${escapeHtml(view.title ?? "(no title)")}</strong></p>` +
    (view.description ? `<p>${escapeHtml(view.description)}</p>` : "") +
    (labels ? `<ul>${labels}</ul>` : "") + `</div><p>Crop: ${escapeHtml(p.cropLabel)}.</p>${checks}${warnings}` +
    `<p>Refresh: ${escapeHtml(p.refresh)}</p></section>`;
}

/** The page as a platform's crawler (`userAgent`) gets it, from the service itself: status, tags, size. */
async function fetchPage(
  fetchSelf: PreviewInspectorOptions["fetchSelf"],
  origin: string,
  target: PreviewPath,
  userAgent: string,
): Promise<Fetched> {
  const response = await fetchSelf(
    new Request(`${origin}${target.pathname}${target.search}`, {
      headers: { "user-agent": userAgent, accept: "text/html" },
    }),
  );
  const bytes = await readBytesCapped(response.body, MAX_READ_BYTES);
  const html = bytes === null ? "" : new TextDecoder().decode(bytes);
  return { status: response.status, tags: readTags(html), bytes: bytes?.byteLength ?? 0 };
}

/** The share image a page names, fetched from the service itself (never another origin) and measured. */
async function checkImage(
  fetchSelf: PreviewInspectorOptions["fetchSelf"],
  origin: string,
  url: string,
  userAgent: string,
): Promise<ImageCheck> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { url, status: null, type: null, bytes: null, width: null, height: null, skipped: "not a URL" };
  }
  if (parsed.origin !== origin) {
    return { url, status: null, type: null, bytes: null, width: null, height: null, skipped: "on another origin" };
  }
  const response = await fetchSelf(
    new Request(`${origin}${parsed.pathname}${parsed.search}`, { headers: { "user-agent": userAgent } }),
  );
  const bytes = await readBytesCapped(response.body, MAX_READ_BYTES);
  const size = bytes === null ? null : imageSize(bytes);
  return {
    url,
    status: response.status,
    type: response.headers.get("content-type"),
    bytes: bytes === null ? null : bytes.byteLength,
    width: size?.width ?? null,
    height: size?.height ?? null,
  };
}

/**
 * Creates the inspector: a function that answers `GET /preview` (and the
 * purge form's `POST /preview`) and returns `null` for every other path.
 *
 * @example
 * ```ts
 * const inspector = createPreviewInspector({ fetchSelf: handler, publicOrigin, purge });
 * const answer = await inspector(request) ?? await next(request);
 * ```
 */
export function createPreviewInspector(
  options: PreviewInspectorOptions,
): (request: Request) => Promise<Response | null> {
  const now = options.now ?? Date.now;
  const limiter = options.rateLimiter ??
    createRateLimiter({ ratePerSecond: INSPECTIONS_PER_MINUTE / 60, burst: 10 });
  const clientOf = options.clientOf ?? (() => "unknown");

  async function inspect(request: Request, target: PreviewPath, notice: string): Promise<Response> {
    const origin = (options.publicOrigin ?? new URL(request.url).origin).replace(/\/+$/, "");
    const fetched = await Promise.all(PLATFORMS.map((p) => fetchPage(options.fetchSelf, origin, target, p.userAgent)));
    const imageUrls = new Set<string>();
    for (const [i, p] of PLATFORMS.entries()) {
      const tags = fetched[i].tags;
      const image = (p.prefersTwitter ? tags.find((t) => t.name === "twitter:image") : undefined) ??
        tags.find((t) => t.name === "og:image");
      if (image) imageUrls.add(image.value);
    }
    const checks = new Map<string, ImageCheck>();
    await Promise.all(
      [...imageUrls].map(async (url) =>
        checks.set(url, await checkImage(options.fetchSelf, origin, url, PLATFORMS[0].userAgent))
      ),
    );
    const pageUrl = `${origin}${target.pathname}${target.search}`;
    const bust = `${pageUrl}${target.search ? "&" : "?"}utm_content=card-${now().toString(36)}`;
    const cards = PLATFORMS.map((p, i) => {
      const tags = fetched[i].tags;
      const imageTag = (p.prefersTwitter ? tags.find((t) => t.name === "twitter:image") : undefined) ??
        tags.find((t) => t.name === "og:image");
      const check = imageTag ? checks.get(imageTag.value) ?? null : null;
      const view = cardView(p, tags, check);
      const imagePath = check && !check.skipped ? new URL(check.url).pathname + new URL(check.url).search : null;
      return renderCard(view, imagePath, check);
    }).join("");
    const first = fetched[0];
    const rows = first.tags.map((t) =>
      `<tr><td><code>${escapeHtml(t.name)}</code></td><td>${escapeHtml(cutText(t.value, 300).text)}</td>` +
      `<td${t.offset > TAG_WINDOW_BYTES ? ' class="warn"' : ""}>${t.offset}</td></tr>`
    ).join("");
    const differing = PLATFORMS.filter((_, i) =>
      JSON.stringify(fetched[i].tags.map((t) => [t.name, t.value])) !==
        JSON.stringify(first.tags.map((t) => [t.name, t.value]))
    ).map((p) => p.name);
    const tools = PLATFORMS.map((p) =>
      `<li><strong>${escapeHtml(p.name)}</strong>: ${escapeHtml(p.refresh)}${
        p.refreshTool
          ? ` <a href="${escapeHtml(p.refreshTool.replace("{url}", encodeURIComponent(pageUrl)))}">` +
            `${escapeHtml(p.name)} refresh tool</a>`
          : ""
      }</li>`
    ).join("");
    const body = `<h1>Preview inspector</h1>${notice}${form(target.pathname + target.search, null)}` +
      `<p>Page: <code>${escapeHtml(pageUrl)}</code> (${target.match.route.kind} preview). Document: status ` +
      `${first.status}, ${first.bytes} bytes as X's crawler got it.</p>` +
      `<h2>Cards on X, Facebook, LinkedIn, Slack, Discord, Telegram and iMessage</h2><div class="cards">${cards}</div>` +
      `<h2>Tags found</h2><p>As ${escapeHtml(PLATFORMS[0].name)}'s crawler (<code>${
        escapeHtml(PLATFORMS[0].userAgent)
      }</code>) got them; offsets in bytes (Slack reads the first ${TAG_WINDOW_BYTES}). ${
        differing.length === 0
          ? "Every platform's crawler got the same tags."
          : `Other tags for: ${escapeHtml(differing.join(", "))}.`
      }</p><table><thead><tr><th scope="col">Tag</th><th scope="col">Value</th><th scope="col">Offset</th></tr>` +
      `</thead><tbody>${rows}</tbody></table>` +
      `<h2>Refresh a cached card</h2><ul>${tools}</ul><p><label for="bust">Cache-busting URL to share (its ` +
      `<code>utm_content</code> is left out of the canonical URL)</label><input id="bust" readonly value="${
        escapeHtml(bust)
      }"></p>` + (options.purge ? purgeForm(target.pathname + target.search) : "");
    return page(`Preview inspector: ${target.pathname}`, body, 200);
  }

  async function purgeFromForm(request: Request): Promise<Response> {
    const text = await readTextCapped(request.body, 8192, { leaveRest: true }) ?? "";
    const fields = new URLSearchParams(text);
    const target = parsePreviewPath(fields.get("path"));
    if (target === null) return badPath(fields.get("path"));
    const answer = await options.purge!(
      new Request(new URL("/previews/purge", request.url), {
        method: "POST",
        headers: {
          authorization: `Bearer ${fields.get("token") ?? ""}`,
          "content-type": "application/json",
          ...(request.headers.has("x-forwarded-for")
            ? { "x-forwarded-for": request.headers.get("x-forwarded-for")! }
            : {}),
        },
        body: JSON.stringify({ path: target.pathname }),
      }),
    );
    const status = answer?.status ?? 404;
    const notice = status === 200
      ? `<p role="status" class="ok">Purged: ${escapeHtml(JSON.stringify((await answer!.json()).removed))}</p>`
      : `<p role="alert" class="warn">Not purged: ${
        status === 401
          ? "missing or wrong token"
          : status === 429
          ? "too many purges, wait a minute"
          : `status ${status}`
      }.</p>`;
    const response = await inspect(request, target, notice);
    return status === 200 ? response : new Response(response.body, { status, headers: response.headers });
  }

  return async function inspector(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (url.pathname !== INSPECTOR_PATH) return null;
    const rate = limiter.take(clientOf(request));
    if (!rate.ok) {
      const busy = page(
        "Preview inspector: too many inspections",
        `<h1>Preview inspector</h1><p role="alert">Too many inspections from your address: try again in ` +
          `${rate.retryAfterSeconds} seconds.</p>`,
        429,
      );
      busy.headers.set("retry-after", String(rate.retryAfterSeconds));
      return busy;
    }
    if (request.method === "POST" && options.purge) return await purgeFromForm(request);
    if (request.method !== "GET" && request.method !== "HEAD") {
      return new Response("Method Not Allowed", {
        status: 405,
        headers: { allow: "GET, HEAD", "content-type": "text/plain" },
      });
    }
    const raw = url.searchParams.get("path");
    const target = parsePreviewPath(raw);
    if (target === null) return badPath(raw);
    return await inspect(request, target, "");
  };
}
