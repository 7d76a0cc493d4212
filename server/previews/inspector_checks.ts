/**
 * What the preview inspector (`inspector.ts`) knows of each platform and how
 * it reads a document: the seven platforms' crawlers, truncation, image crop
 * and limits, and how to refresh their cached cards; a tag reader of the
 * document head; a size reader of PNG, JPEG, GIF and WebP images; and the
 * checks of one platform's card.
 *
 * @module
 */

/** How far into a document the tags must be: Slack reads about the first 32 KB. */
export const TAG_WINDOW_BYTES = 32 * 1024;

/** One platform's card rules. */
export interface Platform {
  readonly id: string;
  readonly name: string;
  /** The User-Agent its crawler sends. */
  readonly userAgent: string;
  /** Reads `twitter:*` first (X), or only Open Graph (LinkedIn ignores `twitter:*`). */
  readonly prefersTwitter: boolean;
  /** Characters of the title it shows before cutting with `…`. */
  readonly titleMax: number;
  /** Characters of the description it shows; 0: it shows none. */
  readonly descriptionMax: number;
  /** Width / height of the image as drawn (the card crops to it). */
  readonly ratio: number;
  /** Words for the crop. */
  readonly cropLabel: string;
  /** Largest image it takes, in bytes. */
  readonly maxImageBytes: number;
  /** Smallest image it shows large, in pixels. */
  readonly minWidth: number;
  readonly minHeight: number;
  /** Reads only the first {@linkcode TAG_WINDOW_BYTES} of a document. */
  readonly readsFirst32Kb: boolean;
  /** Shows `twitter:label1..2` / `twitter:data1..2`. */
  readonly showsLabels: boolean;
  /** Colours its bar from `theme-color`. */
  readonly usesThemeColor: boolean;
  /** How to make it read the card again. */
  readonly refresh: string;
  /** The page of its refresh tool, with `{url}` for the page's URL (encoded), or `null` for none. */
  readonly refreshTool: string | null;
}

const MB = 1024 * 1024;

/** The seven platforms, in the order the inspector shows them. */
export const PLATFORMS: readonly Platform[] = [
  {
    id: "x",
    name: "X",
    userAgent: "Twitterbot/1.0",
    prefersTwitter: true,
    titleMax: 70,
    descriptionMax: 200,
    ratio: 2,
    cropLabel: "2:1 (summary_large_image)",
    maxImageBytes: 5 * MB,
    minWidth: 300,
    minHeight: 157,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: false,
    refresh: "X keeps a card about 7 days and has no card validator any more: share the link with a new query " +
      "(the cache-busting URL below) to get a fresh card.",
    refreshTool: null,
  },
  {
    id: "facebook",
    name: "Facebook",
    userAgent: "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
    prefersTwitter: false,
    titleMax: 88,
    descriptionMax: 160,
    ratio: 1.91,
    cropLabel: "1.91:1",
    maxImageBytes: 8 * MB,
    minWidth: 200,
    minHeight: 200,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: false,
    refresh: "Facebook reads a page again about every 30 days; its Sharing Debugger reads it now (Scrape Again).",
    refreshTool: "https://developers.facebook.com/tools/debug/?q={url}",
  },
  {
    id: "linkedin",
    name: "LinkedIn",
    userAgent: "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
    prefersTwitter: false,
    titleMax: 70,
    descriptionMax: 0,
    ratio: 1.91,
    cropLabel: "1.91:1 (Open Graph only: twitter:* is ignored)",
    maxImageBytes: 5 * MB,
    minWidth: 200,
    minHeight: 200,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: false,
    refresh: "LinkedIn keeps a card about 7 days; its Post Inspector reads the page again.",
    refreshTool: "https://www.linkedin.com/post-inspector/inspect/{url}",
  },
  {
    id: "slack",
    name: "Slack",
    userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)",
    prefersTwitter: false,
    titleMax: 150,
    descriptionMax: 300,
    ratio: 1.91,
    cropLabel: "kept whole, scaled to at most 360 px wide",
    maxImageBytes: 5 * MB,
    minWidth: 1,
    minHeight: 1,
    readsFirst32Kb: true,
    showsLabels: true,
    usesThemeColor: false,
    refresh: "Slack keeps an unfurl about 30 minutes per workspace; after that, or with a new query, it reads again.",
    refreshTool: null,
  },
  {
    id: "discord",
    name: "Discord",
    userAgent: "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
    prefersTwitter: false,
    titleMax: 256,
    descriptionMax: 350,
    ratio: 1.91,
    cropLabel: "kept whole, at most 400 px wide; bar coloured by theme-color",
    maxImageBytes: 8 * MB,
    minWidth: 1,
    minHeight: 1,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: true,
    refresh: "Discord keeps an embed for a while and offers no refresh tool: post the link with a new query.",
    refreshTool: null,
  },
  {
    id: "telegram",
    name: "Telegram",
    userAgent: "TelegramBot (like TwitterBot)",
    prefersTwitter: false,
    titleMax: 100,
    descriptionMax: 200,
    ratio: 1.91,
    cropLabel: "kept whole under the text",
    maxImageBytes: 5 * MB,
    minWidth: 1,
    minHeight: 1,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: false,
    refresh: "Send the link to @WebpageBot in Telegram: it reads the page again for every chat.",
    refreshTool: "https://t.me/WebpageBot",
  },
  {
    id: "imessage",
    name: "iMessage",
    userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) " +
      "Version/17.0 Safari/605.1.15 facebookexternalhit/1.1 Facebot Twitterbot/1.0",
    prefersTwitter: false,
    titleMax: 60,
    descriptionMax: 0,
    ratio: 1.91,
    cropLabel: "shown whole above the title; no description",
    maxImageBytes: 10 * MB,
    minWidth: 1,
    minHeight: 1,
    readsFirst32Kb: false,
    showsLabels: false,
    usesThemeColor: false,
    refresh: "iMessage draws the preview on the sender's device when the link is sent: send it again, or with a " +
      "new query.",
    refreshTool: null,
  },
];

/** One `<meta>`, `<link>` or `<title>` found in a document head. */
export interface FoundTag {
  /** `title`, `og:title`, `twitter:card`, `canonical`, `theme-color`, ... */
  readonly name: string;
  readonly value: string;
  /** Byte offset of the tag in the document. */
  readonly offset: number;
}

const ENTITIES: Readonly<Record<string, string>> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

/** Decodes the character references of an attribute or text. */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

function attributes(tag: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of tag.matchAll(/([a-zA-Z:-]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s"'>]+))/g)) {
    found.set(m[1].toLowerCase(), decodeEntities(m[3] ?? m[4] ?? m[5] ?? ""));
  }
  return found;
}

/** The preview tags of a document: `<title>`, `<meta name|property content>`, `<link rel=canonical>`. */
export function readTags(html: string): FoundTag[] {
  const tags: FoundTag[] = [];
  const encoder = new TextEncoder();
  const offsetOf = (index: number) => encoder.encode(html.slice(0, index)).length;
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  if (title) tags.push({ name: "title", value: decodeEntities(title[1]), offset: offsetOf(title.index) });
  for (const m of html.matchAll(/<(meta|link)\b[^>]*>/gi)) {
    const attrs = attributes(m[0]);
    if (m[1].toLowerCase() === "meta") {
      const name = attrs.get("property") ?? attrs.get("name");
      const content = attrs.get("content");
      if (name !== undefined && content !== undefined) tags.push({ name, value: content, offset: offsetOf(m.index) });
    } else if ((attrs.get("rel") ?? "").toLowerCase() === "canonical" && attrs.has("href")) {
      tags.push({ name: "canonical", value: attrs.get("href")!, offset: offsetOf(m.index) });
    }
  }
  return tags;
}

/** The first value of a tag, or `null`. */
export function tagValue(tags: readonly FoundTag[], name: string): string | null {
  return tags.find((tag) => tag.name === name)?.value ?? null;
}

/** Width and height of a PNG, JPEG, GIF or WebP, from its header; `null` when unknown. */
export function imageSize(bytes: Uint8Array): { width: number; height: number } | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length >= 24 && view.getUint32(0) === 0x89504e47 && view.getUint32(12) === 0x49484452) {
    return { width: view.getUint32(16), height: view.getUint32(20) };
  }
  if (bytes.length >= 10 && bytes[0] === 0x47 && bytes[1] === 0x49 && bytes[2] === 0x46) {
    return { width: view.getUint16(6, true), height: view.getUint16(8, true) };
  }
  if (bytes.length >= 30 && view.getUint32(0) === 0x52494646 && view.getUint32(8) === 0x57454250) {
    const chunk = String.fromCharCode(...bytes.subarray(12, 16));
    if (chunk === "VP8X") {
      return { width: 1 + (view.getUint32(24, true) & 0xffffff), height: 1 + (view.getUint32(27, true) & 0xffffff) };
    }
    if (chunk === "VP8 ") {
      return { width: view.getUint16(26, true) & 0x3fff, height: view.getUint16(28, true) & 0x3fff };
    }
    if (chunk === "VP8L") {
      const bits = view.getUint32(21, true);
      return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
    }
  }
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length && bytes[i] === 0xff) {
      const marker = bytes[i + 1];
      const length = view.getUint16(i + 2);
      if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
        return { width: view.getUint16(i + 7), height: view.getUint16(i + 5) };
      }
      i += 2 + length;
    }
  }
  return null;
}

/** Cuts text the way a platform does: at `max` characters (whole code points), ending in `…`. */
export function cutText(text: string, max: number): { text: string; cut: boolean } {
  const points = [...text];
  if (points.length <= max) return { text, cut: false };
  return { text: points.slice(0, Math.max(0, max - 1)).join("").trimEnd() + "…", cut: true };
}

/** The share image as the inspector fetched it. */
export interface ImageCheck {
  readonly url: string;
  readonly status: number | null;
  readonly type: string | null;
  readonly bytes: number | null;
  readonly width: number | null;
  readonly height: number | null;
  /** Why it was not fetched, if it was not. */
  readonly skipped?: string;
}

/** A platform's card as it would draw it, with its warnings. */
export interface CardView {
  readonly platform: Platform;
  readonly title: string | null;
  readonly description: string | null;
  readonly image: string | null;
  readonly labels: readonly { label: string; data: string }[];
  readonly themeColor: string | null;
  readonly warnings: readonly string[];
}

/** Builds one platform's card from the tags its crawler got and the image check. */
export function cardView(platform: Platform, tags: readonly FoundTag[], image: ImageCheck | null): CardView {
  const pick = (og: string, twitter: string) =>
    platform.prefersTwitter ? tagValue(tags, twitter) ?? tagValue(tags, og) : tagValue(tags, og);
  const rawTitle = pick("og:title", "twitter:title") ?? tagValue(tags, "title");
  const rawDescription = pick("og:description", "twitter:description") ?? tagValue(tags, "description");
  const imageUrl = pick("og:image", "twitter:image");
  const warnings: string[] = [];
  let title: string | null = null;
  if (rawTitle === null) warnings.push("No title: the card shows the bare URL.");
  else {
    const cut = cutText(rawTitle, platform.titleMax);
    title = cut.text;
    const length = [...rawTitle].length;
    if (cut.cut) {
      warnings.push(
        `Title too long for ${platform.name}: ${length} characters, it shows ${platform.titleMax}; the title is cut.`,
      );
    } else if (rawTitle.includes("…") && length >= Math.min(platform.titleMax, 70) - 1) {
      // The service cut a longer name to fit X's 70 characters: the card shows a shortened title.
      warnings.push(
        `Title too long for X's ${
          Math.min(platform.titleMax, 70)
        } characters: the page already cut the name in it (…).`,
      );
    }
  }
  let description: string | null = null;
  if (platform.descriptionMax > 0 && rawDescription !== null) {
    const cut = cutText(rawDescription, platform.descriptionMax);
    description = cut.text;
    if (cut.cut) {
      warnings.push(
        `Description too long for ${platform.name}: ${[...rawDescription].length} characters, it shows ` +
          `${platform.descriptionMax}; the description is cut.`,
      );
    }
  }
  if (imageUrl === null) warnings.push("No image: the card is drawn without one.");
  else if (image !== null) {
    if (image.skipped) warnings.push(`Image not checked: ${image.skipped}.`);
    else if (image.status !== 200) warnings.push(`Image answers ${image.status ?? "nothing"}: the card has no image.`);
    else {
      if (!/^image\/(png|jpeg|gif|webp)/i.test(image.type ?? "")) {
        warnings.push(`Image type ${image.type} is not one it shows.`);
      }
      if (image.bytes !== null && image.bytes > platform.maxImageBytes) {
        warnings.push(
          `Image too large: ${image.bytes} bytes, ${platform.name} takes at most ${platform.maxImageBytes}.`,
        );
      }
      if (image.width !== null && image.height !== null) {
        if (image.width < platform.minWidth || image.height < platform.minHeight) {
          warnings.push(
            `Image too small: ${image.width}x${image.height}, at least ${platform.minWidth}x${platform.minHeight}.`,
          );
        }
        const ratio = image.width / image.height;
        if (Math.abs(ratio - platform.ratio) / platform.ratio > 0.1) {
          warnings.push(`Image ratio ${ratio.toFixed(2)}:1 is cropped to ${platform.ratio}:1.`);
        }
      }
    }
  }
  if (platform.readsFirst32Kb) {
    const late = tags.filter((tag) => tag.name !== "title" && tag.offset > TAG_WINDOW_BYTES).map((tag) => tag.name);
    if (late.length > 0) warnings.push(`Tags past the first 32 KB, not read: ${late.join(", ")}.`);
  }
  const labels: { label: string; data: string }[] = [];
  if (platform.showsLabels) {
    for (const n of [1, 2]) {
      const label = tagValue(tags, `twitter:label${n}`);
      const data = tagValue(tags, `twitter:data${n}`);
      if (label !== null && data !== null) labels.push({ label, data });
    }
  }
  return {
    platform,
    title,
    description,
    image: imageUrl,
    labels,
    themeColor: platform.usesThemeColor ? tagValue(tags, "theme-color") : null,
    warnings,
  };
}
