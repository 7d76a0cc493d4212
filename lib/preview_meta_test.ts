import assert from "node:assert/strict";
import {
  canonicalQuery,
  changeLabel,
  loadPagePreview,
  MAX_DESCRIPTION,
  MAX_TITLE,
  poolPagePreview,
  positionPagePreview,
  previewMeta,
  tokenPagePreview,
  usdLabel,
} from "./preview_meta.ts";
import type { PoolPreview, PositionPreview, PreviewSource, TokenPreview } from "./preview_types.ts";
import { tokenTitle } from "../server/previews/previews.ts";

const URL_ = "https://app.example/explore/tokens/ethereum/0x1";

function token(symbol: string | null, name: string | null): TokenPreview {
  return {
    symbol,
    name,
    logoUrl: null,
    title: tokenTitle(symbol, name),
    image: "https://app.example/i.png",
    url: URL_,
  };
}

function pool(name: string, version: string | null = "V3"): PoolPreview {
  return {
    title: "t",
    name,
    image: "https://app.example/p.png",
    url: URL_,
    poolData: {
      token0Symbol: null,
      token1Symbol: null,
      feeTier: 3000,
      protocolVersion: version,
      token0Image: null,
      token1Image: null,
    },
  };
}

Deno.test("canonicalQuery keeps parameters in order and spelling minus tracking ones", () => {
  assert.equal(
    canonicalQuery("?inputCurrency=ETH&utm_source=x&fbclid=1&outputCurrency=0xAbC"),
    "?inputCurrency=ETH&outputCurrency=0xAbC",
  );
  assert.equal(
    canonicalQuery("?address=0x036b30d42028532091FBe91DB601B4c2710BF14c"),
    "?address=0x036b30d42028532091FBe91DB601B4c2710BF14c",
  );
  for (
    const tracking of [
      "utm_medium",
      "UTM_Campaign",
      "gclid",
      "dclid",
      "msclkid",
      "twclid",
      "igshid",
      "mc_cid",
      "mc_eid",
      "utm%5Fterm",
    ]
  ) {
    assert.equal(canonicalQuery(`?${tracking}=1&lang=fr`), "?lang=fr", tracking);
  }
  assert.equal(canonicalQuery("?utm_source=a&gclid=b"), "");
  assert.equal(canonicalQuery(""), "");
  assert.equal(canonicalQuery("?&&b=2&&a=1&"), "?b=2&a=1");
  assert.equal(canonicalQuery("?q=%E2%82%AC%20x&flag"), "?q=%E2%82%AC%20x&flag");
  assert.ok(canonicalQuery(`?${"a=1&".repeat(2000)}`).length <= 2049);
});

Deno.test("og:url: query kept minus tracking, trailing slash stripped", async () => {
  const previews: PreviewSource = { token: () => Promise.resolve(null), pool: () => Promise.resolve(null) };
  const cases: [string, string][] = [
    ["/swap?inputCurrency=ETH&utm_source=x&outputCurrency=0xAbC", "/swap?inputCurrency=ETH&outputCurrency=0xAbC"],
    ["/swap/?fbclid=zz", "/swap"],
    ["/portfolio?address=0xAbc", "/portfolio?address=0xAbc"],
    ["/explore/", "/explore"],
  ];
  for (const [path, canonical] of cases) {
    const head = await loadPagePreview(new Request(`http://x${path}`), previews, "https://app.example", {
      warnOnce() {},
    });
    assert.equal(head.preview?.url, `https://app.example${canonical}`, path);
  }
});

Deno.test("token texts read naturally without a name or symbol", () => {
  assert.equal(
    tokenPagePreview(token("UNI", "Uniswap"), URL_).description,
    "Swap Uniswap (UNI) on Uniswap: live price, charts, pools and transactions.",
  );
  assert.equal(
    tokenPagePreview(token(null, "Nameless Coin"), URL_).description,
    "Swap Nameless Coin on Uniswap: live price, charts, pools and transactions.",
  );
  assert.equal(
    tokenPagePreview(token("WETH", null), URL_).description,
    "Swap WETH on Uniswap: live price, charts, pools and transactions.",
  );
  assert.equal(
    tokenPagePreview(token("ETH", "eth"), URL_).description,
    "Swap ETH on Uniswap: live price, charts, pools and transactions.",
  );
  const nothing = tokenPagePreview(token(null, null), URL_);
  assert.equal(nothing.title, "View this token on Uniswap");
  assert.equal(nothing.description, "Swap this token on Uniswap: live price, charts, pools and transactions.");
  for (const text of [nothing.title, nothing.description, nothing.imageAlt]) {
    assert.doesNotMatch(text, /\bUNK\b|\(\)|\bToken\b|null|undefined/);
  }
});

Deno.test("pool texts read naturally without symbols", () => {
  assert.equal(
    poolPagePreview(pool("USDC/WETH"), URL_).description,
    "Provide liquidity to or swap in the USDC/WETH V3 pool on Uniswap: TVL, volume and fees.",
  );
  assert.equal(
    poolPagePreview(pool("USDC"), URL_).description,
    "Provide liquidity to or swap in this USDC V3 pool on Uniswap: TVL, volume and fees.",
  );
  const none = poolPagePreview(pool("", "V4"), URL_);
  assert.equal(none.description, "Provide liquidity to or swap in this V4 pool on Uniswap: TVL, volume and fees.");
  assert.equal(none.imageAlt, "A V4 pool on Uniswap: its token logos and the fee tier");
});

Deno.test("V4 pool texts name the hook and the dynamic fee; V3 pools and plain V4 pools name neither", () => {
  const HOOK = "0x00000000000000000000000000000000DE101000";
  const v4 = (extra: { hookAddress?: string | null; isDynamicFee?: boolean }, version = "V4") => {
    const base = pool("ETH/USDC", version);
    return poolPagePreview({ ...base, poolData: { ...base.poolData, ...extra } }, URL_);
  };
  const both = v4({ hookAddress: HOOK, isDynamicFee: true });
  assert.equal(
    both.description,
    "Provide liquidity to or swap in the ETH/USDC V4 pool on Uniswap, with hook 0x0000…1000 and a dynamic fee: " +
      "TVL, volume and fees.",
  );
  assert.equal(
    both.imageAlt,
    "ETH/USDC V4 pool on Uniswap, with hook 0x0000…1000 and a dynamic fee: both token logos and the fee tier",
  );
  assert.match(v4({ hookAddress: HOOK }).description, /V4 pool on Uniswap, with hook 0x0000…1000: /);
  assert.match(v4({ isDynamicFee: true }).description, /V4 pool on Uniswap, with a dynamic fee: /);
  assert.match(v4({ hookAddress: `0x${"0".repeat(40)}` }).description, /V4 pool on Uniswap: /);
  assert.match(v4({ hookAddress: HOOK, isDynamicFee: true }, "V3").description, /V3 pool on Uniswap: /);
});

Deno.test("long and hostile names keep every limit and no cut splits a character", () => {
  const longName = `${"👨‍👩‍👧 Extremely Long Token Name e\u0301 ".repeat(30)}`;
  const preview = tokenPagePreview(token("SYM\u202E\u200B", longName), URL_);
  assert.ok(preview.title.length <= MAX_TITLE);
  assert.ok(preview.description.length <= MAX_DESCRIPTION, `${preview.description.length}`);
  const tags = previewMeta({ preview, blockedPaths: null });
  const content = (key: string) =>
    tags.map((t) => t as Record<string, string>).find((t) => t.property === key || t.name === key)?.content;
  for (const key of ["og:title", "twitter:title"]) assert.ok(content(key)!.length <= MAX_TITLE, key);
  for (const key of ["description", "og:description", "twitter:description"]) {
    const text = content(key)!;
    assert.ok(text.length <= MAX_DESCRIPTION, key);
    assert.ok(!/[\u202e\u200b]/.test(text), `${key}: no bidi or zero-width characters`);
    // no lone surrogate, no mark without its base
    assert.ok(text.isWellFormed(), key);
    assert.doesNotMatch(text, /(^|[\s(])\u0301/);
  }
  const hugeTitle = previewMeta({
    preview: { ...preview, title: "T".repeat(500), description: "D".repeat(5000) },
    blockedPaths: null,
  });
  const title = hugeTitle.find((t) => "title" in t) as { title: string };
  assert.ok(title.title.length <= MAX_TITLE && title.title.endsWith("…"));
});

Deno.test("identity tags beside every preview", () => {
  const tags = previewMeta({ preview: tokenPagePreview(token("UNI", "Uniswap"), URL_), blockedPaths: null });
  const find = (key: string) =>
    tags.map((t) => t as Record<string, string>).filter((t) => t.property === key || t.name === key).map((t) =>
      t.content
    );
  assert.deepEqual(find("og:site_name"), ["Uniswap"]);
  assert.deepEqual(find("twitter:site"), ["@Uniswap"]);
  assert.deepEqual(find("og:image:type"), ["image/png"]);
});

/** The meta tags of a page preview as name -> content (and the canonical link as `canonical`). */
function tagsOf(preview: ReturnType<typeof tokenPagePreview>): Map<string, string> {
  const found = new Map<string, string>();
  for (const tag of previewMeta({ preview, blockedPaths: null })) {
    const t = tag as Record<string, string>;
    if (t.tagName === "link") found.set(t.rel, t.href);
    else if (t.name ?? t.property) found.set(t.name ?? t.property, t.content);
  }
  return found;
}

Deno.test("unfurl labels: token Price and 24h, pool TVL and Fee tier, canonical link equal to og:url", () => {
  const tags = tagsOf(tokenPagePreview({ ...token("UNI", "Uniswap"), priceUsd: 9.8412, change24h: -0.0312 }, URL_));
  assert.equal(tags.get("twitter:label1"), "Price");
  assert.equal(tags.get("twitter:data1"), "$9.84");
  assert.equal(tags.get("twitter:label2"), "24h");
  assert.equal(tags.get("twitter:data2"), "-0.03%");
  assert.equal(tags.get("canonical"), URL_);
  assert.equal(tags.get("og:url"), URL_);
  const unknown = tagsOf(tokenPagePreview(token("UNI", "Uniswap"), URL_));
  assert.equal(unknown.has("twitter:label1"), false, "no label without a price");
  const poolTags = tagsOf(
    poolPagePreview({ ...pool("USDC/WETH"), poolData: { ...pool("x").poolData, tvlUsd: 12_345_678 } }, URL_),
  );
  assert.deepEqual(
    [
      poolTags.get("twitter:label1"),
      poolTags.get("twitter:data1"),
      poolTags.get("twitter:label2"),
      poolTags.get("twitter:data2"),
    ],
    ["TVL", "$12.3M", "Fee tier", "0.3%"],
  );
  assert.equal(usdLabel(0.000123456), "$0.000123");
  assert.equal(usdLabel(1234), "$1.2K");
  assert.equal(changeLabel(1.234), "+1.23%");
});

function position(status: "in-range" | "out-of-range" | "closed"): PositionPreview {
  return {
    title: "USDC/WETH position on Uniswap",
    name: "USDC/WETH",
    image: "https://app.example/api/image/positions/v3/ethereum/42",
    url: "https://app.example/positions/v3/ethereum/42",
    positionData: {
      protocolVersion: "V3",
      token0Symbol: "USDC",
      token1Symbol: "WETH",
      token0Image: null,
      token1Image: null,
      feeTier: 500,
      priceLower: "0.0003",
      priceUpper: "0.0004",
      status,
    },
  };
}

Deno.test("position pages: the position card, its title, Status and Fee tier labels", async () => {
  const asked: unknown[] = [];
  const previews: PreviewSource = {
    token: () => Promise.resolve(null),
    pool: () => Promise.resolve(null),
    position: (...args) => {
      asked.push(args);
      return Promise.resolve(args[2] === "42" ? position("out-of-range") : null);
    },
  };
  const logger = { warnOnce() {} };
  const head = await loadPagePreview(
    new Request("http://x/positions/v3/ethereum/42/"),
    previews,
    "https://app.example",
    logger,
  );
  assert.deepEqual(asked, [["v3", "ethereum", "42", "https://app.example"]]);
  assert.equal(head.preview?.title, "USDC/WETH position on Uniswap");
  assert.equal(head.preview?.image, "https://app.example/api/image/positions/v3/ethereum/42");
  const tags = tagsOf(head.preview!);
  assert.equal(tags.get("og:image"), "https://app.example/api/image/positions/v3/ethereum/42");
  assert.equal(tags.get("canonical"), "https://app.example/positions/v3/ethereum/42");
  assert.deepEqual([tags.get("twitter:data1"), tags.get("twitter:data2")], ["Out of range", "0.05%"]);
  assert.equal(positionPagePreview(position("closed"), URL_).labels?.[0].data, "Closed");
  await loadPagePreview(new Request("http://x/positions/v2/ethereum/0xabc"), previews, "https://app.example", logger);
  assert.deepEqual(asked.at(-1), ["v2", "ethereum", "0xabc", "https://app.example"]);
  const unknown = await loadPagePreview(
    new Request("http://x/positions/v4/base/7"),
    previews,
    "https://o.example",
    logger,
  );
  assert.equal(unknown.preview?.title, "Uniswap Interface", "an unknown position gets the default preview");
});
