import assert from "node:assert/strict";
import { GraphQLEnumType } from "graphql";
import { InvalidAddressError } from "./address.ts";
import {
  type Chain,
  chainFromUrl,
  chainInfoOf,
  chainLabel,
  CHAINS,
  EVM_CHAINS,
  explorerAddressUrl,
  explorerTxUrl,
  explorerUrl,
  isChain,
  parseChain,
  poolHref,
  resolveTokenAddress,
  SOLANA_NATIVE_MINT,
  SUPPORTED_CHAINS,
  tokenHref,
  usesMintAddresses,
} from "./chains.ts";
import type { graphql } from "../queries/graphql.ts";
import { hasReferenceSchema, loadDemoSchema, loadReferenceSchema } from "../queries/testing.ts";

// The list's type and the schema's `Chain` enum type are the same union.
type SchemaChain = ReturnType<typeof graphql.scalar<"Chain">>;
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const chainTypesMatch: Same<Chain, SchemaChain> = true;

function enumValues(type: unknown): string[] {
  assert.ok(type instanceof GraphQLEnumType);
  return type.getValues().map((v) => v.name);
}

const ADDRESS = "0x1f9840a85d5aF5bf1D1762F925BDADdC4201F984";
const BONK = "DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263";

Deno.test("SUPPORTED_CHAINS has the 22 values of the demo Chain enum", () => {
  assert.ok(chainTypesMatch);
  assert.equal(SUPPORTED_CHAINS.length, 22);
  assert.deepEqual(enumValues(loadDemoSchema().getType("Chain")), [...SUPPORTED_CHAINS]);
});

Deno.test({
  name: "SUPPORTED_CHAINS is the reference schema's Chain enum",
  ignore: !hasReferenceSchema(),
  fn() {
    assert.deepEqual(enumValues(loadReferenceSchema().getType("Chain")), [...SUPPORTED_CHAINS]);
  },
});

Deno.test("the table lists every gateway chain once, mainnets in product order before testnets", () => {
  const chains = CHAINS.map((c) => c.chain);
  assert.deepEqual(new Set(chains), new Set(SUPPORTED_CHAINS.filter((c) => c !== "UNKNOWN_CHAIN")));
  assert.equal(chains.length, SUPPORTED_CHAINS.length - 1);
  assert.deepEqual(chains.slice(0, 4), ["ETHEREUM", "UNICHAIN", "BASE", "ARBITRUM"]);
  const firstTestnet = CHAINS.findIndex((c) => c.testnet);
  assert.ok(CHAINS.slice(firstTestnet).every((c) => c.testnet), "a mainnet after a testnet");
  assert.deepEqual(
    CHAINS.filter((c) => c.testnet).map((c) => c.label).sort(),
    ["Arbitrum Sepolia", "Base Sepolia", "Goerli", "Monad Testnet", "Sepolia", "Unichain Sepolia"],
  );
  for (const c of CHAINS) assert.equal(parseChain(c.urlName), c.chain);
  const ids = CHAINS.flatMap((c) => c.chainId === null ? [] : [c.chainId]);
  assert.equal(new Set(ids).size, ids.length, "an EVM chain id twice");
  assert.equal(chainLabel("BNB"), "BNB Chain");
  assert.equal(chainLabel("UNKNOWN_CHAIN"), "Unknown chain");
  assert.equal(chainInfoOf("UNKNOWN_CHAIN"), undefined);
});

Deno.test("parseChain upper-cases URL names and rejects the rest", () => {
  assert.equal(parseChain("ethereum"), "ETHEREUM");
  assert.equal(parseChain("Base"), "BASE");
  assert.equal(parseChain("arbitrum_sepolia"), "ARBITRUM_SEPOLIA");
  assert.equal(parseChain("POLYGON"), "POLYGON");
  assert.equal(parseChain("unknown_chain"), "UNKNOWN_CHAIN");
  for (const bad of [" ethereum", "ethereum ", "mainnet", "arbitrum-sepolia", "matic", "", "__proto__", "toString"]) {
    assert.equal(parseChain(bad), null, bad);
  }
  assert.ok(isChain("CELO"));
  assert.ok(!isChain("celo"));
  assert.equal(chainFromUrl(undefined), "ETHEREUM");
  assert.equal(chainFromUrl("base"), "BASE");
  assert.equal(chainFromUrl("nowhere"), null);
});

Deno.test("resolveTokenAddress maps NATIVE per chain and checks the chain's address form", () => {
  assert.equal(resolveTokenAddress("CELO", "NATIVE"), "0x471EcE3750Da237f93B8E339c536989b8978a438");
  assert.equal(resolveTokenAddress("POLYGON", "native"), "0x0000000000000000000000000000000000001010");
  assert.equal(resolveTokenAddress("SOLANA", "Native"), SOLANA_NATIVE_MINT);
  assert.equal(resolveTokenAddress("ETHEREUM", "NATIVE"), undefined);
  assert.equal(resolveTokenAddress("BASE", "Native"), undefined);
  assert.equal(resolveTokenAddress("ETHEREUM", ADDRESS), ADDRESS);
  assert.equal(resolveTokenAddress("SOLANA", BONK), BONK);
  assert.throws(() => resolveTokenAddress("ETHEREUM", "0x12"), new InvalidAddressError("0x12", "40 hex digits"));
  assert.throws(() => resolveTokenAddress("ETHEREUM", "NATIVE2"), /Cannot parse address "NATIVE2": expected 40 hex/);
  assert.throws(() => resolveTokenAddress("SOLANA", ADDRESS), /expected a base58 mint address/);
  assert.throws(() => resolveTokenAddress("ETHEREUM", BONK), /expected 40 hex digits/);
  assert.ok(usesMintAddresses("SOLANA"));
  assert.ok(!usesMintAddresses("ETHEREUM"));
});

Deno.test("explorer links come from the chain table, per chain and per kind of page", () => {
  assert.equal(explorerUrl("ETHEREUM", ADDRESS), `https://etherscan.io/address/${ADDRESS}`);
  assert.equal(explorerUrl("arbitrum", ADDRESS), `https://arbiscan.io/address/${ADDRESS}`);
  assert.equal(explorerUrl("BASE", ADDRESS, "token"), `https://basescan.org/token/${ADDRESS}`);
  assert.equal(explorerUrl("POLYGON", `0x${"ab".repeat(32)}`, "tx"), `https://polygonscan.com/tx/0x${"ab".repeat(32)}`);
  assert.equal(explorerUrl("SOLANA", BONK), `https://solscan.io/account/${BONK}`);
  // A V4 pool id is no address: no explorer page. Goerli has no explorer any more.
  assert.equal(explorerUrl("ETHEREUM", `0x${"ab".repeat(32)}`), null);
  assert.equal(explorerUrl("ETHEREUM_GOERLI", ADDRESS), null);
  assert.equal(explorerUrl("UNKNOWN_CHAIN", ADDRESS), null);
  for (const c of CHAINS) {
    if (c.chain === "ETHEREUM_GOERLI") continue;
    assert.match(explorerUrl(c.chain, c.chain === "SOLANA" ? BONK : ADDRESS) ?? "", /^https:\/\/[a-z.]+\//);
  }
});

Deno.test("page links use the URL name and NATIVE for a token without an address", () => {
  assert.equal(tokenHref("ETHEREUM", ADDRESS), `/explore/tokens/ethereum/${ADDRESS}`);
  assert.equal(tokenHref("BASE", null), "/explore/tokens/base/NATIVE");
  assert.equal(poolHref("ARBITRUM", ADDRESS), `/explore/pools/arbitrum/${ADDRESS}`);
});

Deno.test("the wallet's EVM chains come from the same table, with their explorers", () => {
  const ethereum = EVM_CHAINS.ethereum;
  assert.equal(ethereum.chainId, 1);
  assert.equal(ethereum.chain, "ETHEREUM");
  assert.equal(ethereum.label, chainLabel("ETHEREUM"));
  const hash = `0x${"ab".repeat(32)}`;
  assert.equal(explorerTxUrl(ethereum, hash), `https://etherscan.io/tx/${hash}`);
  assert.equal(explorerTxUrl(ethereum, "0xab"), null, "not a transaction hash");
  assert.equal(explorerAddressUrl(ethereum, ADDRESS), `https://etherscan.io/address/${ADDRESS}`);
  const noExplorer = { ...ethereum, explorer: null };
  assert.equal(explorerTxUrl(noExplorer, hash), null);
  assert.equal(explorerAddressUrl(noExplorer, ADDRESS), null);
});
