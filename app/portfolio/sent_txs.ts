/**
 * The transactions this interface sent from the connected account
 * (`app/wallet/tx_history.ts`), their pending ones followed to their receipts.
 *
 * @module
 */
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import { listTxs, onTxHistory, type TxRecord, updateTxState } from "../wallet/tx_history.ts";

/** The account's recorded transactions on the chain, newest first, kept current. */
export function useSentTxs(account: string | null, chainId: number | null, client: PublicClient | null): TxRecord[] {
  const [version, setVersion] = useState(0);
  useEffect(() => onTxHistory(() => setVersion((n) => n + 1)), []);
  const records = account && chainId !== null ? listTxs(account, chainId) : [];
  const pending = records.filter((r) => r.state === "pending").map((r) => r.hash).join(",");
  useEffect(() => {
    if (!client || !account || chainId === null || !pending) return;
    for (const hash of pending.split(",")) {
      client.waitForTransactionReceipt({ hash: hash as `0x${string}`, pollingInterval: 2_000, timeout: 120_000 })
        .then((receipt) =>
          updateTxState(account, chainId, hash, receipt.status === "success" ? "confirmed" : "reverted")
        )
        .catch(() => {}); // still pending, or dropped: left as it is
    }
  }, [client, account, chainId, pending, version]);
  return records;
}
