/**
 * What the swap panel reads besides the quote, as queries of the app's one
 * query client (`lib/query/`): the chosen tokens' decimals, the connected
 * account's balances of them (none without an account: another account's
 * never show), every offered token's balance from one batched read, and the
 * gateway's spam and malicious flags. After a transaction,
 * `refreshChainReads()` refetches them.
 *
 * @module
 */
import { queryOptions, useQueries } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import { flaggedTokens } from "../wallet/wallet_tx.ts";
import { balanceQuery, decimalsQuery, type PickerBalances, pickerBalancesQuery } from "../lib/query/chain_reads.ts";
import { queryClient, useAppQuery } from "../lib/query/query_client.ts";
import type { TokenOption } from "../lib/trade_loader.ts";

type Side = Address | "native" | null;

/** The gateway's safety flags of the pair's contracts. */
function flagsQuery(gatewayChain: string, contracts: readonly Address[]) {
  return queryOptions({
    queryKey: ["gateway", gatewayChain, "flags", contracts.map((a) => a.toLowerCase()).join(",")],
    queryFn: () => flaggedTokens(gatewayChain, contracts),
    staleTime: 5 * 60_000,
  });
}

/** The reads of a pair and the pickers' balances. */
export function useSwapReads(
  client: PublicClient | null,
  gatewayChain: string,
  pair: { readonly inAddress: Side; readonly outAddress: Side },
  account: Address | null,
  offered: readonly TokenOption[],
) {
  const sides = [pair.inAddress, pair.outAddress].filter((a): a is Address | "native" => a !== null);
  const decimalReads = useQueries({ queries: sides.map((a) => decimalsQuery(client, a)) }, queryClient());
  const balanceReads = useQueries({ queries: sides.map((a) => balanceQuery(client, a, account)) }, queryClient());
  const contracts = sides.filter((a): a is Address => a !== "native");
  const flags = useAppQuery(flagsQuery(gatewayChain, contracts));
  const picker = useAppQuery(pickerBalancesQuery(client, account, offered));

  const decimals: Record<string, number> = {};
  const balances: Record<string, bigint> = {};
  sides.forEach((address, i) => {
    const d = decimalReads[i]?.data;
    const b = balanceReads[i]?.data;
    if (d !== undefined) decimals[address] = d;
    if (account && b !== undefined) balances[address] = b;
  });
  const missing = decimalReads.some((r) => r.isError) ? "This token is not on the chain" : null;
  const pickerBalances: PickerBalances = account ? picker.data ?? new Map() : new Map();
  return {
    decimals,
    balances,
    flags: flags.data ?? { flagged: new Set<string>(), error: null },
    missing,
    pickerBalances,
  };
}
