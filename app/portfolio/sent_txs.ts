/**
 * The transactions this interface sent from the connected account
 * (`app/wallet/tx_history.ts`), their pending ones followed to their receipts
 * as queries of the app's client (one per pending hash, on the chain key).
 *
 * @module
 */
import { useEffect, useState } from "react";
import { queryOptions, useQueries } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import { chainKey } from "../lib/query/chain_reads.ts";
import { queryClient } from "../lib/query/query_client.ts";
import { listTxs, onTxHistory, type TxRecord, updateTxState } from "../wallet/tx_history.ts";

/** Waits for `hash`'s receipt and records its state; still pending or dropped after two minutes: left as it is. */
export function receiptQuery(
  client: PublicClient | null,
  account: string | null,
  chainId: number | null,
  hash: string,
) {
  return queryOptions({
    queryKey: chainKey(client, "receipt", hash),
    queryFn: async () => {
      if (!client || !account || chainId === null) throw new Error("No chain or account to follow a receipt on");
      const receipt = await client.waitForTransactionReceipt({
        hash: hash as `0x${string}`,
        pollingInterval: 2_000,
        timeout: 120_000,
      });
      const state = receipt.status === "success" ? "confirmed" as const : "reverted" as const;
      updateTxState(account, chainId, hash, state);
      return state;
    },
    enabled: !!client && !!account && chainId !== null,
    staleTime: Infinity,
    retry: false,
  });
}

/** The account's recorded transactions on the chain, newest first, kept current. */
export function useSentTxs(account: string | null, chainId: number | null, client: PublicClient | null): TxRecord[] {
  const [, setVersion] = useState(0);
  useEffect(() => onTxHistory(() => setVersion((n) => n + 1)), []);
  const records = account && chainId !== null ? listTxs(account, chainId) : [];
  const pending = records.filter((r) => r.state === "pending").map((r) => r.hash);
  useQueries({ queries: pending.map((hash) => receiptQuery(client, account, chainId, hash)) }, queryClient());
  return records;
}
