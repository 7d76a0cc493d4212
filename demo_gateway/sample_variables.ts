/**
 * Variables that make every document of `ALL_DOCUMENTS` answer real data from
 * the demo gateway: used by the gateway's tests and handy for manual runs.
 *
 * @module
 */
import type { OperationName } from "../queries/documents.ts";
import {
  DEMO_WALLET,
  ETHEREUM_TOKENS,
  HOOKED_V4_POOL,
  LOOPBACK_LIZARDS,
  USDC_WETH_V2_PAIR,
  USDC_WETH_V3_POOL,
} from "./fixtures.ts";

const CHAINS = ["ETHEREUM", "BASE", "ARBITRUM", "OPTIMISM", "POLYGON", "CELO"];

/** Variables per operation name. */
export const SAMPLE_VARIABLES: Record<OperationName, Record<string, unknown>> = {
  Token: { chain: "ETHEREUM", address: ETHEREUM_TOKENS.UNI },
  V4Pool: { chain: "ETHEREUM", poolId: HOOKED_V4_POOL.address },
  AddressPool: { chain: "ETHEREUM", address: USDC_WETH_V3_POOL.address },
  NftAssetPreview: { contractAddress: LOOPBACK_LIZARDS.address, tokenId: "1" },
  NftCollectionPreview: { contractAddress: LOOPBACK_LIZARDS.address },
  TokenDetails: { chain: "ETHEREUM", address: ETHEREUM_TOKENS.USDC },
  TokenProjectDescription: {
    chain: "ETHEREUM",
    address: ETHEREUM_TOKENS.LINK,
    includeJapanese: true,
  },
  TokenProjects: {
    contracts: [{ chain: "ETHEREUM", address: ETHEREUM_TOKENS.DAI }],
  },
  TopTokens: { chain: "ETHEREUM" },
  TokenPrice: { chain: "ETHEREUM", address: null, duration: "DAY" },
  TokenHistoricalVolumes: {
    chain: "ETHEREUM",
    address: ETHEREUM_TOKENS.UNI,
    duration: "WEEK",
  },
  TokenHistoricalTvls: {
    chain: "ETHEREUM",
    address: ETHEREUM_TOKENS.UNI,
    duration: "MONTH",
  },
  PortfolioBalances: { ownerAddress: DEMO_WALLET, chains: CHAINS },
  NftCollection: { contractAddress: LOOPBACK_LIZARDS.address, first: 5 },
  NftItem: { contractAddress: LOOPBACK_LIZARDS.address, tokenId: "2" },
  NftBalances: { ownerAddress: DEMO_WALLET, chains: ["ETHEREUM"], first: 10 },
  CollectionSearch: { query: "lizard" },
  PopularNftCollections: {},
  ActivityWeb: { account: DEMO_WALLET, chains: CHAINS },
  OnAssetActivity: { subscriptionId: "demo-subscription", account: DEMO_WALLET },
  AllV3Ticks: {
    chain: "ETHEREUM",
    address: USDC_WETH_V3_POOL.address,
    first: 100,
  },
  AllV4Ticks: { chain: "ETHEREUM", poolId: HOOKED_V4_POOL.address },
  PoolPriceHistory: {
    chain: "ETHEREUM",
    addressOrId: USDC_WETH_V3_POOL.address,
    duration: "WEEK",
    isV4: false,
    isV3: true,
    isV2: false,
  },
  PoolVolumeHistory: {
    chain: "ETHEREUM",
    addressOrId: HOOKED_V4_POOL.address,
    duration: "MONTH",
    isV4: true,
    isV3: false,
    isV2: false,
  },
  V4PoolTransactions: {
    chain: "ETHEREUM",
    poolId: HOOKED_V4_POOL.address,
    first: 25,
  },
  V3PoolTransactions: {
    chain: "ETHEREUM",
    address: USDC_WETH_V3_POOL.address,
    first: 25,
  },
  V2PairTransactions: {
    chain: "ETHEREUM",
    address: USDC_WETH_V2_PAIR.address,
    first: 25,
  },
  TokenTransactions: {
    chain: "ETHEREUM",
    address: ETHEREUM_TOKENS.USDC,
    first: 25,
  },
  V4Transactions: { chain: "ETHEREUM", first: 25 },
  V3Transactions: { chain: "ETHEREUM", first: 25 },
  V2Transactions: { chain: "BASE", first: 25 },
  TopV4Pools: { chain: "ETHEREUM", first: 20 },
  TopV3Pools: { chain: "ETHEREUM", first: 20 },
  TopV2Pairs: { chain: "ETHEREUM", first: 20 },
  DailyProtocolVolume: { chain: "ETHEREUM", version: "V3" },
};
