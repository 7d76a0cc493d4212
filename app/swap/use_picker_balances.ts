/**
 * The connected account's balance of every token the pickers offer, from one
 * batched read: the ERC-20 `balanceOf` and `decimals` of all of them in
 * Multicall3 `aggregate3` calls (16 KB of call data each) and the ether
 * balance, sent together as one JSON-RPC batch, so the picker shows what the
 * holder has before a token is chosen. Read again on `refresh`; nothing
 * without an account.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { erc20Abi, formatUnits, getAddress, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TokenOption } from "../lib/trade_loader.ts";

/** Balances by token key, as whole tokens (zero balances left out). */
export type PickerBalances = ReadonlyMap<string, string>;

const CONTRACT = /^0x[0-9a-f]{40}$/i;

/** Reads the balances of `tokens` held by `account`. */
export async function readPickerBalances(
  client: PublicClient,
  account: Address,
  tokens: readonly TokenOption[],
): Promise<Map<string, string>> {
  const erc20s = tokens.filter((t) => CONTRACT.test(t.key));
  const [ether, results] = await Promise.all([
    tokens.some((t) => t.key === "NATIVE") ? client.getBalance({ address: account }) : Promise.resolve(0n),
    client.multicall({
      contracts: erc20s.flatMap((t) => [
        { address: getAddress(t.key), abi: erc20Abi, functionName: "balanceOf", args: [account] } as const,
        { address: getAddress(t.key), abi: erc20Abi, functionName: "decimals" } as const,
      ]),
      allowFailure: true,
      batchSize: 16_384,
      deployless: !client.chain?.contracts?.multicall3,
    }),
  ]);
  const balances = new Map<string, string>();
  if (ether > 0n) balances.set("NATIVE", formatUnits(ether, 18));
  erc20s.forEach((t, i) => {
    const [raw, decimals] = [results[2 * i], results[2 * i + 1]];
    if (raw?.status !== "success" || decimals?.status !== "success") return;
    if (typeof raw.result === "bigint" && raw.result > 0n && typeof decimals.result === "number") {
      balances.set(t.key, formatUnits(raw.result, decimals.result));
    }
  });
  return balances;
}

/** The pickers' balances, kept for the account and the token list. */
export function usePickerBalances(
  client: PublicClient | null,
  account: Address | null,
  tokens: readonly TokenOption[],
  refresh: number,
): PickerBalances {
  const [balances, setBalances] = useState<PickerBalances>(new Map());
  const keys = tokens.map((t) => t.key).join(",");
  useEffect(() => {
    if (!client || !account || tokens.length === 0) return setBalances(new Map());
    let live = true;
    readPickerBalances(client, account, tokens).then((b) => live && setBalances(b), () => {});
    return () => {
      live = false;
    };
  }, [client, account, keys, refresh]);
  return balances;
}
