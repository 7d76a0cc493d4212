/**
 * The deliberate edge cases of the demo gateway, by name, so tests elsewhere
 * can ask for them. All live on ETHEREUM unless said otherwise. Logo paths
 * are served by the gateway at `{origin}{logoPath}`; the data it answers
 * carries them as absolute URLs (see {@link logoUrl}).
 *
 * @module
 */
import { type Chain, ETHEREUM_CONTRACTS, SOLANA_NATIVE_MINT } from "../lib/chains.ts";
import { v2PairAddress, v3PoolAddress, v4PoolId, v4PoolKey } from "../lib/pool_address.ts";
import { V2_FEE_TIER } from "../lib/fees.ts";
import { addressFor } from "./prng.ts";
import type { Rgb } from "./image_encoders.ts";

/** A hand-made demo token. */
export interface FixtureToken {
  readonly chain: Chain;
  /** Address as the gateway spells it (mixed case). */
  readonly address: string;
  readonly symbol: string | null;
  readonly name: string | null;
  readonly decimals: number;
  /** Path of the logo on the gateway (`/logos/...`), or `null`: no logo. */
  readonly logoPath: string | null;
  /** MIME type of the logo. */
  readonly logoType: string | null;
  /** The logo's fill colour, for image assertions. */
  readonly logoColor: Rgb | null;
  /** Price in USD. */
  readonly priceUsd: number;
}

function fixtureToken(
  key: string,
  fields: Omit<FixtureToken, "chain" | "address" | "decimals"> & {
    decimals?: number;
  },
): FixtureToken {
  return {
    chain: "ETHEREUM",
    address: addressFor(`fixture-token:${key}`),
    decimals: 18,
    ...fields,
  };
}

/** Logo: a 64x64 solid RED (255, 0, 0) disc, PNG. */
export const RED_PNG_LOGO_TOKEN: FixtureToken = fixtureToken("red-png", {
  symbol: "REDL",
  name: "Red Logo Token",
  logoPath: "/logos/edge/red.png",
  logoType: "image/png",
  logoColor: [255, 0, 0],
  priceUsd: 1.25,
});

/** Logo: a 64x64 BLUE (0, 0, 255) square, JPEG. */
export const BLUE_JPEG_LOGO_TOKEN: FixtureToken = fixtureToken("blue-jpeg", {
  symbol: "BLUJ",
  name: "Blue Jpeg Token",
  logoPath: "/logos/edge/blue.jpg",
  logoType: "image/jpeg",
  logoColor: [0, 0, 255],
  priceUsd: 0.042,
});

/** Logo: a 64x64 solid GREEN (0, 160, 80) square, lossless WebP. */
export const WEBP_LOGO_TOKEN: FixtureToken = fixtureToken("webp", {
  symbol: "WEBP",
  name: "WebP Logo Token",
  logoPath: "/logos/edge/green.webp",
  logoType: "image/webp",
  logoColor: [0, 160, 80],
  priceUsd: 3.5,
});

/** No logo at all (`project.logoUrl` is null). Also has no OHLC candles. */
export const NO_LOGO_TOKEN: FixtureToken = fixtureToken("no-logo", {
  symbol: "NOLOGO",
  name: "Logoless Token",
  logoPath: null,
  logoType: null,
  logoColor: null,
  priceUsd: 0.0031,
});

/** Logo: a near-white (250, 250, 250) disc on transparency, PNG. */
export const NEAR_WHITE_LOGO_TOKEN: FixtureToken = fixtureToken("near-white", {
  symbol: "WHITE",
  name: "Near White Logo Token",
  logoPath: "/logos/edge/near-white.png",
  logoType: "image/png",
  logoColor: [250, 250, 250],
  priceUsd: 12.8,
});

/** A token with no symbol (`symbol` is null). */
export const NO_SYMBOL_TOKEN: FixtureToken = fixtureToken("no-symbol", {
  symbol: null,
  name: "Token Without Symbol",
  logoPath: "/logos/edge/gray.png",
  logoType: "image/png",
  logoColor: [128, 128, 128],
  priceUsd: 0.5,
});

/** A token with neither symbol nor name. */
export const NAMELESS_TOKEN: FixtureToken = fixtureToken("nameless", {
  symbol: null,
  name: null,
  logoPath: null,
  logoType: null,
  logoColor: null,
  priceUsd: 0.01,
});

/** Name and symbol in Chinese, Japanese and Korean. */
export const CJK_NAME_TOKEN: FixtureToken = fixtureToken("cjk", {
  symbol: "龙币",
  name: "中文代币 日本語トークン 한국어 토큰",
  logoPath: "/logos/edge/cjk.png",
  logoType: "image/png",
  logoColor: [200, 30, 45],
  priceUsd: 0.88,
});

/** Name and symbol with emoji. */
export const EMOJI_NAME_TOKEN: FixtureToken = fixtureToken("emoji", {
  symbol: "🚀MOON",
  name: "Rocket 🚀 to the Moon 🌕 Token",
  logoPath: "/logos/edge/emoji.png",
  logoType: "image/png",
  logoColor: [255, 200, 0],
  priceUsd: 0.000042,
});

/** A symbol (and name) that is an HTML injection attempt. */
export const SCRIPT_SYMBOL_TOKEN: FixtureToken = fixtureToken("script", {
  symbol: '"><script>alert(1)</script>',
  name: '<img src=x onerror="alert(2)"> & "quotes" \'single\'',
  logoPath: "/logos/edge/script.png",
  logoType: "image/png",
  logoColor: [20, 20, 20],
  priceUsd: 6.66,
});

/** Every hand-made token. */
export const FIXTURE_TOKENS: readonly FixtureToken[] = [
  RED_PNG_LOGO_TOKEN,
  BLUE_JPEG_LOGO_TOKEN,
  WEBP_LOGO_TOKEN,
  NO_LOGO_TOKEN,
  NEAR_WHITE_LOGO_TOKEN,
  NO_SYMBOL_TOKEN,
  NAMELESS_TOKEN,
  CJK_NAME_TOKEN,
  EMOJI_NAME_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
];

/**
 * Tokens on SOLANA: base58 mint addresses, which are case-sensitive (the
 * gateway matches them exactly). `SOL` is the wrapped-SOL mint that the
 * `NATIVE` placeholder maps to on Solana.
 */
export const SOLANA_TOKENS: readonly FixtureToken[] = [
  {
    chain: "SOLANA",
    address: SOLANA_NATIVE_MINT,
    symbol: "SOL",
    name: "Wrapped SOL",
    decimals: 9,
    logoPath: "/logos/cc/png/sol.png",
    logoType: "image/png",
    logoColor: null,
    priceUsd: 187.42,
  },
  {
    chain: "SOLANA",
    address: "JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN",
    symbol: "JUP",
    name: "Jupiter",
    decimals: 6,
    logoPath: "/logos/gen/2b1.png",
    logoType: "image/png",
    logoColor: null,
    priceUsd: 0.8123,
  },
];

/** The Jupiter token on Solana: a real-looking mint for page and image tests. */
export const SOLANA_JUP_TOKEN: FixtureToken = SOLANA_TOKENS[1];

/** Well-known Ethereum tokens of the token list that fixtures refer to. */
export const ETHEREUM_TOKENS = {
  USDC: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
  USDT: "0xdAC17F958D2ee523a2206206994597C13D831ec7",
  WETH: "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2",
  WBTC: "0x2260FAC5E5542a773Aa44fBCfeDf7C193bc2C599",
  DAI: "0x6B175474E89094C44Da98b954EedeAC495271d0F",
  UNI: "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984",
  LINK: "0x514910771AF9Ca656af840dff83E8264EcF986CA",
} as const;

/** A hand-made demo pool. `null` token address: the native token. */
export interface FixturePool {
  readonly protocolVersion: "V2" | "V3" | "V4";
  readonly chain: Chain;
  /** Contract address (V2/V3) or pool id (V4). */
  readonly address: string;
  readonly token0: string | null;
  readonly token1: string | null;
  /** Fee in hundredths of a basis point; V4 dynamic: 8388608 (0x800000). */
  readonly feeTier: number;
  readonly isDynamicFee: boolean;
  readonly hookAddress: string | null;
  /** Boosted APR (percent) of the pool's rewards campaign, if any. */
  readonly rewardsBoostedApr: number | null;
  /** TVL in USD. */
  readonly tvlUsd: number;
}

/** The USDC/WETH V3 pool (0.05%), same two tokens as {@link USDC_WETH_V2_PAIR}. */
export const USDC_WETH_V3_POOL: FixturePool = {
  protocolVersion: "V3",
  chain: "ETHEREUM",
  address: "0x88e6A0c2dDD26FEEb64F039a2c41296FcB3f5640",
  token0: ETHEREUM_TOKENS.USDC,
  token1: ETHEREUM_TOKENS.WETH,
  feeTier: 500,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 128_450_312.55,
};

/** The USDC/WETH V2 pair, same two tokens as {@link USDC_WETH_V3_POOL}. */
export const USDC_WETH_V2_PAIR: FixturePool = {
  protocolVersion: "V2",
  chain: "ETHEREUM",
  address: "0xB4e16d0168e52d35CaCD2c6185b44281Ec28C9Dc",
  token0: ETHEREUM_TOKENS.USDC,
  token1: ETHEREUM_TOKENS.WETH,
  feeTier: V2_FEE_TIER,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 41_870_220.1,
};

/**
 * The demo chain's V4 hook (`demo_chain/contracts/DemoDynamicFeeHook.sol`): it sets the LP fee of its dynamic-fee
 * pools. Its low 14 bits are exactly `AFTER_INITIALIZE_FLAG` (0x1000), the one hook it implements.
 */
export const DEMO_V4_HOOK = "0x00000000000000000000000000000000DE101000";

/** The V4 pool id of two currencies (`null`: native ETH), a fee and a hook, as the demo chain's PoolManager has it. */
function v4Id(a: string | null, b: string | null, fee: number, hooks: string | null = null): string {
  return v4PoolId(v4PoolKey(a, b, { fee, isDynamicFee: fee === 8388608, hooks }));
}

/** ETH/USDC V4 pool with a hook, a dynamic fee and a rewards campaign. */
export const HOOKED_V4_POOL: FixturePool = {
  protocolVersion: "V4",
  chain: "ETHEREUM",
  address: v4Id(null, ETHEREUM_TOKENS.USDC, 8388608, DEMO_V4_HOOK),
  token0: null,
  token1: ETHEREUM_TOKENS.USDC,
  feeTier: 8388608,
  isDynamicFee: true,
  hookAddress: DEMO_V4_HOOK,
  rewardsBoostedApr: 18.4,
  tvlUsd: 18_120_004.9,
};

/** A USDC/WETH V4 pool (0.3%, no hook): the pair's third protocol version. */
export const USDC_WETH_V4_POOL: FixturePool = {
  protocolVersion: "V4",
  chain: "ETHEREUM",
  address: v4Id(ETHEREUM_TOKENS.USDC, ETHEREUM_TOKENS.WETH, 3000),
  token0: ETHEREUM_TOKENS.USDC,
  token1: ETHEREUM_TOKENS.WETH,
  feeTier: 3000,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 6_402_118.4,
};

/** A plain ETH/USDT V4 pool (0.05%, no hook). */
export const PLAIN_V4_POOL: FixturePool = {
  protocolVersion: "V4",
  chain: "ETHEREUM",
  address: v4Id(null, ETHEREUM_TOKENS.USDT, 500),
  token0: null,
  token1: ETHEREUM_TOKENS.USDT,
  feeTier: 500,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 9_870_560.33,
};

/** USDC/USDT (0.01%): a pair that only V4 has (no V2 pair or V3 pool of these two tokens). */
export const V4_ONLY_POOL: FixturePool = {
  protocolVersion: "V4",
  chain: "ETHEREUM",
  address: v4Id(ETHEREUM_TOKENS.USDC, ETHEREUM_TOKENS.USDT, 100),
  token0: ETHEREUM_TOKENS.USDC,
  token1: ETHEREUM_TOKENS.USDT,
  feeTier: 100,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 4_250_000,
};

/** A V3 pool (1%) of the red-PNG and blue-JPEG logo tokens. */
export const EDGE_LOGOS_V3_POOL: FixturePool = {
  protocolVersion: "V3",
  chain: "ETHEREUM",
  // Where the factory puts it (the demo chain deploys it there).
  address: v3PoolAddress(ETHEREUM_CONTRACTS.v3Factory, RED_PNG_LOGO_TOKEN.address, BLUE_JPEG_LOGO_TOKEN.address, {
    fee: 10000,
  }),
  token0: RED_PNG_LOGO_TOKEN.address,
  token1: BLUE_JPEG_LOGO_TOKEN.address,
  feeTier: 10000,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 182_400.5,
};

/** A V2 pair of the script-symbol token and the CJK token. */
export const EDGE_NAMES_V2_PAIR: FixturePool = {
  protocolVersion: "V2",
  chain: "ETHEREUM",
  address: v2PairAddress(ETHEREUM_CONTRACTS.v2Factory, SCRIPT_SYMBOL_TOKEN.address, CJK_NAME_TOKEN.address),
  token0: SCRIPT_SYMBOL_TOKEN.address,
  token1: CJK_NAME_TOKEN.address,
  feeTier: V2_FEE_TIER,
  isDynamicFee: false,
  hookAddress: null,
  rewardsBoostedApr: null,
  tvlUsd: 55_210.75,
};

/** Every hand-made pool. */
export const FIXTURE_POOLS: readonly FixturePool[] = [
  USDC_WETH_V3_POOL,
  USDC_WETH_V2_PAIR,
  HOOKED_V4_POOL,
  USDC_WETH_V4_POOL,
  PLAIN_V4_POOL,
  V4_ONLY_POOL,
  EDGE_LOGOS_V3_POOL,
  EDGE_NAMES_V2_PAIR,
];

/** First demo wallet: tokens on several chains, NFTs, every activity type. */
export const DEMO_WALLET: string = addressFor("fixture-wallet:one");
/** Second demo wallet: a smaller portfolio and a few activities. */
export const SECOND_DEMO_WALLET: string = addressFor("fixture-wallet:two");

/** Chains that carry token-list tokens and pools in the demo data. */
export const DEMO_CHAINS: readonly Chain[] = [
  "ETHEREUM",
  "BASE",
  "ARBITRUM",
  "OPTIMISM",
  "POLYGON",
  "CELO",
  "BNB",
  "AVALANCHE",
  "UNICHAIN",
];

/** Absolute URL of a fixture token's logo on a gateway, or `null`. */
export function logoUrl(origin: string, token: FixtureToken): string | null {
  return token.logoPath === null ? null : `${origin}${token.logoPath}`;
}

/** A hand-made NFT collection (all on ETHEREUM). */
export interface FixtureNftCollection {
  /** URL-safe name, used in image paths. */
  readonly slug: string;
  readonly name: string;
  readonly address: string;
  readonly standard: "ERC721" | "ERC1155";
  /** Token ids run from 1 to `size`. */
  readonly size: number;
  readonly floorEth: number;
  readonly volume24hEth: number;
  readonly isVerified: boolean;
}

/** A verified ERC-721 collection of 12 lizards. */
export const LOOPBACK_LIZARDS: FixtureNftCollection = {
  slug: "loopback-lizards",
  name: "Loopback Lizards",
  address: addressFor("fixture-nft:lizards"),
  standard: "ERC721",
  size: 12,
  floorEth: 0.845,
  volume24hEth: 61.2,
  isVerified: true,
};

/** An ERC-721 collection of 10 squares. */
export const SEEDED_SQUARES: FixtureNftCollection = {
  slug: "seeded-squares",
  name: "Seeded Squares",
  address: addressFor("fixture-nft:squares"),
  standard: "ERC721",
  size: 10,
  floorEth: 0.0412,
  volume24hEth: 12.9,
  isVerified: false,
};

/** An ERC-1155 collection with a CJK and emoji name. */
export const DETERMINISTIC_DREAMS: FixtureNftCollection = {
  slug: "deterministic-dreams",
  name: "決定論的な夢 ✨ Dreams",
  address: addressFor("fixture-nft:dreams"),
  standard: "ERC1155",
  size: 6,
  floorEth: 0.0075,
  volume24hEth: 3.3,
  isVerified: false,
};

/** Every hand-made NFT collection. */
export const NFT_COLLECTIONS: readonly FixtureNftCollection[] = [
  LOOPBACK_LIZARDS,
  SEEDED_SQUARES,
  DETERMINISTIC_DREAMS,
];

/** NFTs each demo wallet owns: `[collection, tokenId, quantity]`. */
export const DEMO_NFT_HOLDINGS: Readonly<
  Record<string, readonly (readonly [FixtureNftCollection, number, number])[]>
> = {
  [DEMO_WALLET]: [
    [LOOPBACK_LIZARDS, 1, 1],
    [LOOPBACK_LIZARDS, 2, 1],
    [SEEDED_SQUARES, 7, 1],
    [DETERMINISTIC_DREAMS, 3, 4],
  ],
  [SECOND_DEMO_WALLET]: [[LOOPBACK_LIZARDS, 5, 1]],
};
