/**
 * What the liquidity screens share: the chain a screen acts on and its read
 * client, token metadata read from the chain, the manager's `ownerOf`, the
 * segmented choice (range presets, price direction), the slippage field and
 * the deadline of every call.
 *
 * @module
 */
import { useMemo } from "react";
import { type Abi, erc20Abi, parseAbi, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import { deadlineAfter, DEFAULT_DEADLINE_MINUTES, type SlippageCheck } from "../lib/trade_math.ts";
import { TextInput } from "../components/controls/fields.tsx";
import { publicClient, type WalletState } from "../wallet/wallet_store.ts";

/** The segmented choice (range presets, price direction): the controls' one, named here for the liquidity screens. */

/** A token as the chain names it. */
export interface TokenMeta {
  readonly address: Address;
  readonly symbol: string;
  readonly decimals: number;
}

/** One contract read of a {@linkcode readMany} batch. */
export interface ManyCall {
  readonly address: Address;
  readonly abi: Abi;
  readonly functionName: string;
  readonly args?: readonly unknown[];
}

/**
 * Many contract reads in few `eth_call`s (viem's deployless Multicall3: no
 * contract needed on the chain; one call per 2 KB of call data), so a list
 * of balances costs a few calls of the proxy's rate limit. A read that
 * fails is `null`.
 */
export async function readMany(client: PublicClient, calls: readonly ManyCall[]): Promise<unknown[]> {
  if (calls.length === 0) return [];
  const results = await client.multicall({
    contracts: calls as never,
    allowFailure: true,
    deployless: true,
    // Each chunk is one deployless eth_call whose results come back as the "deployed" code, which may not exceed
    // 24 KB (EIP-170): 2 KB of call data is at most about 100 calls, whose results take about 16 KB.
    batchSize: 2_048,
  });
  return (results as { status: string; result?: unknown }[]).map((r) => (r.status === "success" ? r.result : null));
}

/** A token's symbol and decimals, read from its contract. */
export async function tokenMeta(client: PublicClient, address: Address): Promise<TokenMeta> {
  const [symbol, decimals] = await Promise.all([
    client.readContract({ address, abi: erc20Abi, functionName: "symbol" }),
    client.readContract({ address, abi: erc20Abi, functionName: "decimals" }),
  ]);
  return { address, symbol, decimals };
}

const OWNER_ABI = parseAbi(["function ownerOf(uint256 tokenId) view returns (address)"]);

/** The owner of a position NFT. */
export async function positionOwner(client: PublicClient, manager: Address, tokenId: bigint): Promise<Address> {
  return await client.readContract({ address: manager, abi: OWNER_ABI, functionName: "ownerOf", args: [tokenId] });
}

/** The chain a screen acts on (by gateway name or URL name) and its read client; `null` when the service has no RPC. */
export function useChain(wallet: WalletState, chainName: string) {
  const chain = wallet.chains.find((c) => c.chain === chainName || c.urlName === chainName.toLowerCase()) ?? null;
  const client = useMemo(() => (chain ? publicClient(chain) : null), [chain]);
  return { chain, client };
}

/** The deadline of a liquidity call: the default minutes from now. */
export function deadline(): bigint {
  return deadlineAfter(DEFAULT_DEADLINE_MINUTES);
}

/** The slippage tolerance field with its error or warning. */
export function SlippageInput(
  { value, onValue, check }: { value: string; onValue: (text: string) => void; check: SlippageCheck },
) {
  return (
    <TextInput
      label="Slippage tolerance (%)"
      inline
      inputMode="decimal"
      value={value}
      onChange={(e) => onValue(e.currentTarget.value)}
      error={check.ok ? null : check.error}
      hint={check.ok ? check.warning : null}
    />
  );
}
