/**
 * Query options of the send panel's reads besides the shared balance and
 * decimals (`app/lib/query/chain_reads.ts`): the gateway's flag of the token
 * (a flagged token, or one the gateway cannot judge, needs a confirmation)
 * and the network fee of the transfer (its gas estimate at the gas price).
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TxRequest } from "../lib/tx_request.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { flaggedTokens } from "../wallet/wallet_tx.ts";

/** Whether the gateway flags `token` (or cannot say); never for the native token. */
export function sendFlagsQuery(gatewayChain: string, token: Address | "native" | null) {
  return queryOptions({
    queryKey: ["gateway", gatewayChain, "flags", token?.toLowerCase() ?? null],
    queryFn: async () => {
      if (!token || token === "native") return false;
      const found = await flaggedTokens(gatewayChain, [token]);
      return found.flagged.size > 0 || found.error !== null;
    },
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
}

/** The network fee of sending `tx` from `account`, in wei. */
export function transferFeeQuery(client: PublicClient | null, account: Address | null, tx: TxRequest | null) {
  return queryOptions({
    queryKey: chainKey(
      client,
      "transferFee",
      account?.toLowerCase() ?? null,
      tx?.to ?? null,
      tx?.data ?? null,
      String(tx?.value ?? ""),
    ),
    queryFn: async () => {
      if (!client || !account || !tx) throw new Error("No transfer to estimate");
      const [gas, price] = await Promise.all([
        client.estimateGas({ account, to: tx.to, data: tx.data, value: tx.value }),
        client.getGasPrice(),
      ]);
      return gas * price;
    },
    enabled: !!client && !!account && !!tx,
    retry: false,
  });
}
