/**
 * Wallet data of the demo gateway: portfolios of the two demo wallets, their
 * activity (every activity and asset change kind) and the NFTs.
 *
 * @module
 */
import {
  BLUE_JPEG_LOGO_TOKEN,
  CJK_NAME_TOKEN,
  DEMO_NFT_HOLDINGS,
  DEMO_WALLET,
  EMOJI_NAME_TOKEN,
  ETHEREUM_TOKENS,
  type FixtureNftCollection,
  NFT_COLLECTIONS,
  NO_LOGO_TOKEN,
  RED_PNG_LOGO_TOKEN,
  SCRIPT_SYMBOL_TOKEN,
  SECOND_DEMO_WALLET,
} from "./fixtures.ts";
import type { TokenRecord } from "./catalog.ts";
import { amount, type Model } from "./model.ts";
import { nftImagePath } from "./logos.ts";
import { addressFor, between, hexFor, intBetween, pick, seeded } from "./prng.ts";
import { percentChange, round } from "./market.ts";

/** Address of the Universal Router that demo swaps go through. */
export const UNIVERSAL_ROUTER = "0x66a9893cC07D91D95644AEDD05D03f95e1dBA8Af";

/** A balance: chain, token address (`null`: the chain's native token), quantity. */
type Holding = readonly [chain: string, address: string | null, quantity: number];

const HOLDINGS: Record<string, readonly Holding[]> = {
  [DEMO_WALLET]: [
    ["ETHEREUM", null, 2.4178],
    ["ETHEREUM", ETHEREUM_TOKENS.USDC, 5230.12],
    ["ETHEREUM", ETHEREUM_TOKENS.WBTC, 0.1204],
    ["ETHEREUM", ETHEREUM_TOKENS.UNI, 410.5],
    ["ETHEREUM", ETHEREUM_TOKENS.LINK, 88],
    ["ETHEREUM", RED_PNG_LOGO_TOKEN.address, 1000],
    ["ETHEREUM", CJK_NAME_TOKEN.address, 8888],
    ["ETHEREUM", SCRIPT_SYMBOL_TOKEN.address, 1],
    ["ETHEREUM", NO_LOGO_TOKEN.address, 250_000],
    ["BASE", null, 0.8123],
    ["BASE", "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913", 742.5],
    ["ARBITRUM", null, 0.2501],
    ["POLYGON", null, 1520],
    ["CELO", null, 300],
  ],
  [SECOND_DEMO_WALLET]: [
    ["ETHEREUM", null, 0.35],
    ["ETHEREUM", ETHEREUM_TOKENS.DAI, 1200],
    ["ETHEREUM", EMOJI_NAME_TOKEN.address, 1_000_000_000],
    ["ETHEREUM", BLUE_JPEG_LOGO_TOKEN.address, 12_345],
    ["OPTIMISM", null, 0.05],
  ],
};

/** Arguments of `Portfolio.assetActivities`. */
export interface ActivityArgs {
  readonly page?: number | null;
  readonly pageSize?: number | null;
  readonly includeOffChain?: boolean | null;
  readonly includeBridging?: boolean | null;
  readonly chains?: readonly string[] | null;
  readonly onRampTransactionIDs?: readonly string[] | null;
}

/** A value modifier of `portfolios`. */
export interface ValueModifier {
  readonly ownerAddress: string;
  readonly includeSmallBalances?: boolean | null;
  readonly includeSpamTokens?: boolean | null;
  readonly tokenBalancesLimit?: number | null;
}

interface Activity {
  readonly object: Record<string, unknown>;
  readonly chain: string;
  readonly offChain: boolean;
  readonly bridging: boolean;
}

/**
 * Portfolios, activities and NFTs of the demo wallets' data for a model: portfolios, activity pages (kept per
 * wallet once built), live activities and NFTs.
 */
export function createWallets(model: Model) {
  const activities = new Map<string, Activity[]>();

  function tokenOf(chain: string, address: string | null): TokenRecord {
    const record = model.ctx.catalog.token(chain, address);
    if (!record) throw new Error(`Demo token ${chain}:${address} is missing`);
    return record;
  }

  /** The `Portfolio` of an address (an empty one for unknown wallets). */
  function portfolio(
    ownerAddress: string,
    chains: readonly string[] | null | undefined,
    modifier: ValueModifier | undefined,
  ) {
    const owner = canonicalWallet(ownerAddress);
    const id = `Portfolio:${owner.toLowerCase()}`;
    const rows = (HOLDINGS[owner] ?? [])
      .filter(([chain]) => !chains?.length || chains.includes(chain))
      .map(([chain, address, quantity]) => {
        const record = tokenOf(chain, address);
        const value = quantity * record.priceUsd;
        const change = percentChange(model.tokenPrices(record, "DAY"));
        const hidden = record.isSpam || record === tokenOf("ETHEREUM", NO_LOGO_TOKEN.address) ||
          value < 1;
        return { record, quantity, value, change, hidden };
      })
      .filter((row) => modifier?.includeSpamTokens !== false || !row.record.isSpam)
      .sort((a, b) => b.value - a.value);
    const limited = modifier?.tokenBalancesLimit ? rows.slice(0, modifier.tokenBalancesLimit) : rows;
    const counted = rows.filter((r) => !r.hidden || modifier?.includeSmallBalances);
    const total = counted.reduce((s, r) => s + r.value, 0);
    const before = counted.reduce((s, r) => s + r.value / (1 + r.change / 100), 0);
    return {
      __typename: "Portfolio",
      id,
      ownerAddress: owner,
      tokensTotalDenominatedValue: amount(`${id}:total`, round(total)),
      tokensTotalDenominatedValueChange: () => ({
        id: `${id}:change`,
        absolute: amount(`${id}:change:abs`, round(total - before)),
        percentage: amount(
          `${id}:change:pct`,
          before === 0 ? 0 : round(((total - before) / before) * 100),
          null,
        ),
      }),
      tokenBalances: limited.map((row) => ({
        __typename: "TokenBalance",
        id: `TokenBalance:${owner.toLowerCase()}:${row.record.key}`,
        blockNumber: 21_000_000,
        blockTimestamp: model.ctx.now - 600,
        quantity: row.quantity,
        ownerAddress: owner,
        isHidden: row.hidden,
        denominatedValue: amount(`TokenBalance:${owner}:${row.record.key}:value`, round(row.value)),
        token: model.token(row.record),
        tokenProjectMarket: model.projectMarket(row.record, null, "USD"),
      })),
      nftBalances: () => nftBalances(owner, null).map((e) => e.node),
      assetActivities: (args: ActivityArgs) => activityPage(owner, args),
    };
  }

  /** One page of a wallet's activity, newest first. */
  function activityPage(owner: string, args: ActivityArgs): Record<string, unknown>[] {
    const pageSize = Math.min(Math.max(args.pageSize ?? 100, 0), 500);
    const page = Math.max(args.page ?? 1, 1);
    return activitiesOf(owner)
      .filter((a) => args.includeOffChain || !a.offChain)
      .filter((a) => args.includeBridging !== false || !a.bridging)
      .filter((a) => !args.chains?.length || args.chains.includes(a.chain))
      .slice((page - 1) * pageSize, page * pageSize)
      .map((a) => a.object);
  }

  function activitiesOf(owner: string): Activity[] {
    const cached = activities.get(owner);
    if (cached) return cached;
    const list = owner === DEMO_WALLET
      ? firstWalletActivities()
      : owner === SECOND_DEMO_WALLET
      ? secondWalletActivities()
      : [];
    activities.set(owner, list);
    return list;
  }

  /** A live activity for the subscription (a swap of the demo wallet). */
  function liveActivity(owner: string, subscriptionId: string, n: number, timestamp: number) {
    const usdc = tokenOf("ETHEREUM", ETHEREUM_TOKENS.USDC);
    const eth = tokenOf("ETHEREUM", null);
    const key = `live:${subscriptionId}:${n}`;
    const usd = 100 + (n % 7) * 25;
    return onChain(key, owner, "ETHEREUM", timestamp, "SWAP", [
      tokenTransfer(key + ":0", usdc, usd / usdc.priceUsd, owner, UNIVERSAL_ROUTER, "OUT"),
      tokenTransfer(key + ":1", eth, usd / eth.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
    ]).object;
  }

  function firstWalletActivities(): Activity[] {
    const owner = DEMO_WALLET;
    const now = model.ctx.now;
    const usdc = tokenOf("ETHEREUM", ETHEREUM_TOKENS.USDC);
    const eth = tokenOf("ETHEREUM", null);
    const uni = tokenOf("ETHEREUM", ETHEREUM_TOKENS.UNI);
    const wbtc = tokenOf("ETHEREUM", ETHEREUM_TOKENS.WBTC);
    const baseEth = tokenOf("BASE", null);
    const red = tokenOf("ETHEREUM", RED_PNG_LOGO_TOKEN.address);
    const cjk = tokenOf("ETHEREUM", CJK_NAME_TOKEN.address);
    const script = tokenOf("ETHEREUM", SCRIPT_SYMBOL_TOKEN.address);
    const friend = addressFor("demo:friend");
    const lizard = nftAsset(NFT_COLLECTIONS[0], 1);
    const lizard2 = nftAsset(NFT_COLLECTIONS[0], 2);
    const square = nftAsset(NFT_COLLECTIONS[1], 7);
    const dream = nftAsset(NFT_COLLECTIONS[2], 3);
    let t = now - 95;
    const at = (minutes: number) => (t -= minutes * 60);
    const a: Activity[] = [
      onChain("swap-1", owner, "ETHEREUM", at(0), "SWAP", [
        tokenTransfer("swap-1:0", usdc, 1500, owner, UNIVERSAL_ROUTER, "OUT"),
        tokenTransfer("swap-1:1", eth, 1500 / eth.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
      ]),
      swapOrder("order-open", owner, at(12), "OPEN", "LIMIT", uni, 100, usdc, 1100),
      onChain("send-1", owner, "ETHEREUM", at(40), "SEND", [
        tokenTransfer("send-1:0", uni, 25, owner, friend, "OUT"),
      ]),
      onChain("receive-1", owner, "ETHEREUM", at(65), "RECEIVE", [
        tokenTransfer("receive-1:0", usdc, 320.5, friend, owner, "IN"),
      ]),
      onChain("approve-1", owner, "ETHEREUM", at(90), "APPROVE", [{
        __typename: "TokenApproval",
        id: "TokenApproval:approve-1",
        tokenStandard: "ERC20",
        asset: model.token(usdc),
        approvedAddress: UNIVERSAL_ROUTER,
        quantity: "115792089237316195423570985008687907853269984665640564039457.584007913129639935",
      }]),
      onChain("mint-1", owner, "ETHEREUM", at(180), "MINT", [
        nftTransfer("mint-1:0", lizard, "0x0000000000000000000000000000000000000000", owner, "IN"),
      ]),
      onChain("nft-receive", owner, "ETHEREUM", at(240), "RECEIVE", [
        nftTransfer("nft-receive:0", lizard2, friend, owner, "IN"),
      ]),
      onChain("nft-approve", owner, "ETHEREUM", at(300), "APPROVE", [{
        __typename: "NftApproval",
        id: "NftApproval:nft-approve",
        nftStandard: "ERC721",
        asset: square,
        approvedAddress: addressFor("demo:marketplace"),
      }]),
      onChain("nft-approve-all", owner, "ETHEREUM", at(320), "APPROVE", [{
        __typename: "NftApproveForAll",
        id: "NftApproveForAll:nft-approve-all",
        nftStandard: "ERC1155",
        asset: dream,
        operatorAddress: addressFor("demo:marketplace"),
        approved: true,
      }]),
      onChain("onramp-tx", owner, "BASE", at(400), "ON_RAMP", [
        rampTransfer("on", { key: "onramp-tx:0", token: baseEth, quantity: 0.1 }),
      ]),
      rampActivity("on", owner, {
        key: "onramp-1",
        timestamp: at(420),
        status: "CONFIRMED",
        token: eth,
        quantity: 0.2,
      }),
      onChain("offramp-tx", owner, "ETHEREUM", at(500), "OFF_RAMP", [
        rampTransfer("off", { key: "offramp-tx:0", token: usdc, quantity: 250 }),
      ]),
      rampActivity("off", owner, {
        key: "offramp-1",
        timestamp: at(520),
        status: "PENDING",
        token: usdc,
        quantity: 400,
      }),
      onChain("bridge-1", owner, "ETHEREUM", at(600), "BRIDGING", [
        tokenTransfer("bridge-1:0", eth, 0.5, owner, addressFor("demo:bridge"), "OUT"),
      ], { bridging: true }),
      swapOrder("order-filled", owner, at(700), "FILLED", "DUTCH_V2", usdc, 2000, wbtc, 2000 / wbtc.priceUsd),
      swapOrder("order-expired", owner, at(760), "EXPIRED", "PRIORITY", eth, 0.3, usdc, 950),
      onChain("swap-failed", owner, "ETHEREUM", at(800), "SWAP", [
        tokenTransfer("swap-failed:0", eth, 0.1, owner, UNIVERSAL_ROUTER, "OUT"),
      ], { status: "FAILED" }),
      onChain("swap-edge", owner, "ETHEREUM", at(900), "SWAP", [
        tokenTransfer("swap-edge:0", red, 1000, owner, UNIVERSAL_ROUTER, "OUT"),
        tokenTransfer("swap-edge:1", cjk, 8888, UNIVERSAL_ROUTER, owner, "IN"),
      ]),
      onChain("receive-script", owner, "ETHEREUM", at(950), "RECEIVE", [
        tokenTransfer("receive-script:0", script, 1, friend, owner, "IN"),
      ]),
      onChain("pending-send", owner, "BASE", at(1), "SEND", [
        tokenTransfer("pending-send:0", baseEth, 0.01, owner, friend, "OUT"),
      ], { status: "PENDING" }),
    ];
    // older, ordinary swaps and transfers, so that paging has pages
    const random = seeded(`activity:${owner}`);
    const common = [usdc, eth, uni, wbtc];
    for (let i = 0; i < 130; i++) {
      const key = `history-${i}`;
      const from = pick(random, common);
      const to = pick(random, common.filter((x) => x !== from));
      const usd = round(Math.exp(between(random, 3, 8)));
      a.push(
        random() < 0.7
          ? onChain(key, owner, "ETHEREUM", at(intBetween(random, 60, 3000)), "SWAP", [
            tokenTransfer(key + ":0", from, usd / from.priceUsd, owner, UNIVERSAL_ROUTER, "OUT"),
            tokenTransfer(key + ":1", to, usd / to.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
          ])
          : onChain(key, owner, "ETHEREUM", at(intBetween(random, 60, 3000)), "RECEIVE", [
            tokenTransfer(key + ":0", from, usd / from.priceUsd, friend, owner, "IN"),
          ]),
      );
    }
    return a.sort((x, y) => (y.object.timestamp as number) - (x.object.timestamp as number));
  }

  function secondWalletActivities(): Activity[] {
    const owner = SECOND_DEMO_WALLET;
    const now = model.ctx.now;
    const eth = tokenOf("ETHEREUM", null);
    const dai = tokenOf("ETHEREUM", ETHEREUM_TOKENS.DAI);
    const moon = tokenOf("ETHEREUM", EMOJI_NAME_TOKEN.address);
    return [
      onChain("b-swap", owner, "ETHEREUM", now - 3600, "SWAP", [
        tokenTransfer("b-swap:0", dai, 300, owner, UNIVERSAL_ROUTER, "OUT"),
        tokenTransfer("b-swap:1", moon, 300 / moon.priceUsd, UNIVERSAL_ROUTER, owner, "IN"),
      ]),
      onChain("b-receive", owner, "ETHEREUM", now - 86_400, "RECEIVE", [
        tokenTransfer("b-receive:0", eth, 0.35, DEMO_WALLET, owner, "IN"),
      ]),
      onChain("b-nft", owner, "ETHEREUM", now - 2 * 86_400, "RECEIVE", [
        nftTransfer("b-nft:0", nftAsset(NFT_COLLECTIONS[0], 5), DEMO_WALLET, owner, "IN"),
      ]),
      rampActivity("on", owner, {
        key: "b-onramp",
        timestamp: now - 3 * 86_400,
        status: "FAILED",
        token: eth,
        quantity: 0.05,
      }),
    ];
  }

  function onChain(
    key: string,
    owner: string,
    chain: string,
    timestamp: number,
    type: string,
    assetChanges: unknown[],
    options: { status?: string; bridging?: boolean } = {},
  ): Activity {
    const random = seeded(`onchain:${key}`);
    const hash = hexFor(`activity:${owner}:${key}`, 64);
    const isSwap = type === "SWAP";
    const nativeSymbol = chain === "POLYGON" ? "POL" : chain === "CELO" ? "CELO" : "ETH";
    return assetActivity(owner, {
      key,
      chain,
      timestamp,
      offChain: false,
      bridging: options.bridging ?? false,
      details: {
        __typename: "TransactionDetails",
        id: `TransactionDetails:${hash}`,
        type,
        hash,
        from: owner,
        to: isSwap ? UNIVERSAL_ROUTER : addressFor(`to:${key}`),
        nonce: intBetween(random, 1, 900),
        transactionStatus: options.status ?? "CONFIRMED",
        application: isSwap
          ? {
            id: `ApplicationContract:${chain}:${UNIVERSAL_ROUTER}`,
            chain,
            address: UNIVERSAL_ROUTER,
            name: "Uniswap",
            icon: {
              id: "Image:uniswap",
              url: model.url("/logos/cc/svg/uni.svg"),
              dimensions: null,
            },
          }
          : null,
        networkFee: {
          quantity: String(round(between(random, 0.0002, 0.004))),
          tokenSymbol: nativeSymbol,
          tokenAddress: null,
          tokenChain: chain,
        },
        assetChanges,
      },
    });
  }

  /**
   * The `AssetActivity` of `owner` around `details`; `key` tells it apart
   * among the wallet's activities. Not bridging unless said.
   */
  function assetActivity(
    owner: string,
    activity: {
      key: string;
      chain: string;
      timestamp: number;
      offChain: boolean;
      bridging?: boolean;
      details: Record<string, unknown>;
    },
  ): Activity {
    return {
      chain: activity.chain,
      offChain: activity.offChain,
      bridging: activity.bridging ?? false,
      object: {
        __typename: "AssetActivity",
        id: `AssetActivity:${owner.toLowerCase()}:${activity.key}`,
        timestamp: activity.timestamp,
        chain: activity.chain,
        addresses: [owner],
        details: activity.details,
      },
    };
  }

  function tokenTransfer(
    key: string,
    token: TokenRecord,
    quantity: number,
    sender: string,
    recipient: string,
    direction: "IN" | "OUT" | "SELF",
  ) {
    return {
      __typename: "TokenTransfer",
      id: `TokenTransfer:${key}`,
      tokenStandard: token.standard,
      asset: model.token(token),
      sender,
      recipient,
      quantity: String(Number(quantity.toPrecision(8))),
      direction,
      transactedValue: amount(`TokenTransfer:${key}:usd`, round(quantity * token.priceUsd)),
    };
  }

  function nftTransfer(
    key: string,
    asset: Record<string, unknown>,
    sender: string,
    recipient: string,
    direction: "IN" | "OUT",
  ) {
    return {
      __typename: "NftTransfer",
      id: `NftTransfer:${key}`,
      nftStandard: (asset.nftContract as { standard: string }).standard,
      asset,
      sender,
      recipient,
      direction,
    };
  }

  function provider(kind: "on" | "off") {
    const slug = kind === "on" ? "loopback-ramp" : "seeded-cashout";
    return {
      __typename: kind === "on" ? "OnRampServiceProvider" : "OffRampServiceProvider",
      id: `ServiceProvider:${slug}`,
      serviceProvider: slug.toUpperCase().replace("-", "_"),
      name: kind === "on" ? "Loopback Ramp" : "Seeded Cashout",
      url: `https://${slug}.example.com`,
      logoLightUrl: model.url(`/logos/app/${slug}.png`),
      logoDarkUrl: model.url(`/logos/app/${slug}-dark.png`),
      supportUrl: `https://${slug}.example.com/support`,
    };
  }

  /**
   * The transfer of a fiat ramp: `on` buys `quantity` of `token` with euros,
   * `off` sells it for dollars, through the provider of that kind.
   */
  function rampTransfer(
    kind: "on" | "off",
    ramp: { key: string; token: TokenRecord; quantity: number },
  ) {
    const { key, token, quantity } = ramp;
    const on = kind === "on";
    const usd = round(quantity * token.priceUsd);
    const networkFee = on ? 0.5 : 1;
    return {
      __typename: on ? "OnRampTransfer" : "OffRampTransfer",
      id: `${on ? "OnRampTransfer" : "OffRampTransfer"}:${key}`,
      token: model.token(token),
      tokenStandard: token.standard,
      amount: quantity,
      ...(on
        ? { sourceCurrency: "EUR", sourceAmount: round(usd / 1.087 + 3.5) }
        : { destinationCurrency: "USD", destinationAmount: round(usd - 4) }),
      serviceProvider: provider(kind),
      transactionReferenceId: `ref-${key}`,
      externalSessionId: `session-${key}`,
      networkFee,
      transactionFee: 3,
      totalFee: networkFee + 3,
    };
  }

  /** The off-chain activity of `owner`'s fiat ramp (see {@linkcode rampTransfer}). */
  function rampActivity(
    kind: "on" | "off",
    owner: string,
    ramp: { key: string; timestamp: number; status: string; token: TokenRecord; quantity: number },
  ): Activity {
    const transfer = rampTransfer(kind, ramp);
    const name = kind === "on" ? "OnRampTransactionDetails" : "OffRampTransactionDetails";
    return assetActivity(owner, {
      key: ramp.key,
      chain: ramp.token.chain,
      timestamp: ramp.timestamp,
      offChain: true,
      details: {
        __typename: name,
        id: `${name}:${ramp.key}`,
        status: ramp.status,
        ...(kind === "on"
          ? { receiverAddress: owner, onRampTransfer: transfer }
          : { senderAddress: owner, offRampTransfer: transfer }),
      },
    });
  }

  function swapOrder(
    key: string,
    owner: string,
    timestamp: number,
    status: string,
    orderType: string,
    input: TokenRecord,
    inputQuantity: number,
    output: TokenRecord,
    outputQuantity: number,
  ): Activity {
    const hash = hexFor(`order:${owner}:${key}`, 64);
    return assetActivity(owner, {
      key,
      chain: input.chain,
      timestamp,
      offChain: true,
      details: {
        __typename: "SwapOrderDetails",
        id: `SwapOrderDetails:${hash}`,
        offerer: owner,
        hash,
        swapOrderStatus: status,
        swapOrderType: orderType,
        inputToken: model.token(input),
        inputTokenQuantity: String(Number(inputQuantity.toPrecision(8))),
        outputToken: model.token(output),
        outputTokenQuantity: String(Number(outputQuantity.toPrecision(8))),
        expiry: timestamp + 7 * 86_400,
        encodedOrder: hexFor(`encoded:${key}`, 128),
      },
    });
  }

  // ------------------------------------------------------------------ NFTs

  /** The `NftCollection` object of a fixture collection. */
  function nftCollection(c: FixtureNftCollection): Record<string, unknown> {
    const id = `NftCollection:${c.address.toLowerCase()}`;
    const image = (kind: string) => ({
      id: `Image:${c.slug}:${kind}`,
      url: model.url(nftImagePath(c.slug, kind)),
      dimensions: null,
    });
    const eth = (suffix: string, value: number) => ({
      id: `${id}:${suffix}`,
      value,
      currency: "ETH",
      timestamp: model.ctx.now,
    });
    return {
      __typename: "NftCollection",
      id,
      collectionId: c.address,
      name: c.name,
      description: `${c.name}: ${c.size} seeded pieces of the demo gateway.`,
      isVerified: c.isVerified,
      numAssets: c.size,
      homepageUrl: `https://${c.slug}.example.com`,
      twitterName: c.slug.replace(/-/g, "_"),
      discordUrl: null,
      instagramName: null,
      image: image("collection"),
      bannerImage: image("banner"),
      creator: profile(`creator:${c.slug}`),
      nftContracts: [nftContract(c)],
      markets: (args: { currencies: readonly string[] }) =>
        args.currencies.map((currency) => {
          const factor = currency === "ETH" ? 1 : 3180.42;
          return {
            id: `${id}:market:${currency}`,
            floorPrice: { ...eth("floor", round(c.floorEth * factor)), currency },
            owners: Math.round(c.size * 0.7),
            totalVolume: { ...eth("total", round(c.volume24hEth * 90 * factor)), currency },
            volume: () => ({ ...eth("volume", round(c.volume24hEth * factor)), currency }),
            volumePercentChange: () => eth("volumeChange", 12.4),
            floorPricePercentChange: () => eth("floorChange", -3.1),
            sales: () => eth("sales", Math.round(c.volume24hEth / c.floorEth)),
            listings: eth("listings", Math.ceil(c.size / 3)),
            percentListed: eth("percentListed", round(100 / 3)),
          };
        }),
    };
  }

  function nftContract(c: FixtureNftCollection) {
    return {
      id: `NftContract:${c.address.toLowerCase()}`,
      address: c.address,
      chain: "ETHEREUM",
      name: c.name,
      standard: c.standard,
      symbol: c.slug.split("-").map((w) => w[0].toUpperCase()).join(""),
      totalSupply: c.size,
    };
  }

  function profile(key: string) {
    const address = addressFor(key);
    return {
      id: `NftProfile:${address}`,
      address,
      isVerified: true,
      username: key.split(":")[1],
      profileImage: {
        id: `Image:${key}`,
        url: model.url(`/logos/app/${key.split(":")[1]}.png`),
        dimensions: null,
      },
    };
  }

  /** Owner of an NFT: the demo wallet holding it, or a seeded address. */
  function ownerOf(c: FixtureNftCollection, tokenId: number): string {
    for (const [owner, holdings] of Object.entries(DEMO_NFT_HOLDINGS)) {
      if (holdings.some(([hc, id]) => hc === c && id === tokenId)) return owner;
    }
    return addressFor(`nft-owner:${c.slug}:${tokenId}`);
  }

  /** The `NftAsset` object of a token of a fixture collection. */
  function nftAsset(c: FixtureNftCollection, tokenId: number): Record<string, unknown> {
    const id = `NftAsset:${c.address.toLowerCase()}:${tokenId}`;
    const random = seeded(`nft:${c.slug}:${tokenId}`);
    const url = model.url(nftImagePath(c.slug, String(tokenId)));
    const listed = tokenId % 3 !== 0;
    const price = round(c.floorEth * (1 + random() * 1.5));
    const image = { id: `Image:${id}`, url, dimensions: { id: `Dimensions:${id}`, width: 128, height: 128 } };
    return {
      __typename: "NftAsset",
      id,
      tokenId: String(tokenId),
      name: `${c.name} #${tokenId}`,
      description: `Piece #${tokenId} of ${c.name}.`,
      animationUrl: null,
      image,
      thumbnail: image,
      smallImage: image,
      chain: "ETHEREUM",
      isSpam: false,
      suspiciousFlag: false,
      ownerAddress: ownerOf(c, tokenId),
      creator: profile(`creator:${c.slug}`),
      nftContract: nftContract(c),
      collection: nftCollection(c),
      traits: [
        {
          id: `${id}:trait:bg`,
          name: "Background",
          value: pick(random, ["Teal", "Sand", "Night", "Coral"]),
          rarity: round(between(random, 0.05, 0.4)),
        },
        {
          id: `${id}:trait:eyes`,
          name: "Eyes",
          value: pick(random, ["Laser", "Sleepy", "Wide", "三つ目"]),
          rarity: round(between(random, 0.02, 0.3)),
        },
      ],
      listings: () => ({
        pageInfo: { hasNextPage: false, hasPreviousPage: false, startCursor: null, endCursor: null },
        edges: listed
          ? [{
            cursor: `listing:${id}`,
            node: {
              id: `NftOrder:${id}`,
              address: c.address,
              tokenId: String(tokenId),
              type: "LISTING",
              marketplace: "OPENSEA",
              marketplaceUrl: `https://marketplace.example.com/${c.slug}/${tokenId}`,
              price: amount(`NftOrder:${id}:price`, price, "ETH"),
              quantity: 1,
              status: "VALID",
              createdAt: model.ctx.now - 86_400,
              startAt: model.ctx.now - 86_400,
              endAt: model.ctx.now + 30 * 86_400,
              maker: ownerOf(c, tokenId),
              taker: null,
            },
          }]
          : [],
      }),
    };
  }

  /** NFT balance edges of a wallet. */
  function nftBalances(owner: string, chains: readonly string[] | null | undefined) {
    if (chains?.length && !chains.includes("ETHEREUM")) return [];
    const holdings = DEMO_NFT_HOLDINGS[canonicalWallet(owner)] ?? [];
    return holdings.map(([c, tokenId, quantity]) => ({
      cursor: `balance:${c.slug}:${tokenId}`,
      node: {
        id: `NftBalance:${owner.toLowerCase()}:${c.address.toLowerCase()}:${tokenId}`,
        ownedAsset: nftAsset(c, tokenId),
        listedMarketplaces: tokenId % 2 === 0 ? ["OPENSEA"] : [],
        lastPrice: {
          id: `NftBalance:${c.slug}:${tokenId}:last`,
          value: round(c.floorEth * 0.9),
          currency: "ETH",
          timestamp: model.ctx.now - 10 * 86_400,
        },
        quantity,
      },
    }));
  }

  /** NFT activity of an asset (sales, listings, transfers). */
  function nftActivity(c: FixtureNftCollection, tokenId: number | null) {
    const ids = tokenId === null ? Array.from({ length: c.size }, (_, i) => i + 1) : [tokenId];
    return ids.flatMap((id) => {
      const random = seeded(`nft-activity:${c.slug}:${id}`);
      return (["SALE", "LISTING", "TRANSFER"] as const).map((type, i) => ({
        cursor: `${c.slug}:${id}:${i}`,
        node: {
          id: `NftActivity:${c.slug}:${id}:${i}`,
          address: c.address,
          tokenId: String(id),
          type,
          marketplace: type === "TRANSFER" ? null : "OPENSEA",
          fromAddress: addressFor(`nft-from:${c.slug}:${id}:${i}`),
          toAddress: type === "LISTING" ? null : ownerOf(c, id),
          transactionHash: type === "LISTING" ? null : hexFor(`nft-tx:${c.slug}:${id}:${i}`, 64),
          price: type === "TRANSFER"
            ? null
            : amount(`NftActivity:${c.slug}:${id}:${i}:price`, round(c.floorEth * between(random, 0.8, 1.6)), "ETH"),
          quantity: 1,
          orderStatus: type === "LISTING" ? "VALID" : "EXECUTED",
          url: null,
          timestamp: model.ctx.now - (i + 1) * intBetween(random, 3600, 86_400),
        },
      }));
    });
  }

  return { portfolio, activityPage, liveActivity, nftCollection, nftAsset, nftBalances, nftActivity };
}

/** What {@linkcode createWallets} returns. */
export type Wallets = ReturnType<typeof createWallets>;

/** The demo wallet an address names (case-insensitive), else the address. */
export function canonicalWallet(address: string): string {
  const lower = address.toLowerCase();
  for (const wallet of [DEMO_WALLET, SECOND_DEMO_WALLET]) {
    if (wallet.toLowerCase() === lower) return wallet;
  }
  return address;
}
