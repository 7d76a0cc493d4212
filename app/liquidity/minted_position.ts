/**
 * The position a mint opened, read from its receipt: the
 * NonfungiblePositionManager's `IncreaseLiquidity` (or, failing that, its
 * ERC-721 `Transfer` from the zero address) names the new token id, so the
 * screen can link to `/positions/v3/{chain}/{tokenId}` once the mint is mined.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { decodeEventLog, type Log, parseAbi, type PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import type { TxStatus } from "../wallet/wallet_tx.ts";
import { chainKey } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";

const MANAGER_EVENTS = parseAbi([
  "event IncreaseLiquidity(uint256 indexed tokenId, uint128 liquidity, uint256 amount0, uint256 amount1)",
  "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
]);

const ZERO = "0x0000000000000000000000000000000000000000";

/** The token id a mint receipt's logs name for `manager`, or `null` when none does. */
export function mintedTokenId(
  logs: readonly Pick<Log, "address" | "data" | "topics">[],
  manager: Address,
): bigint | null {
  let minted: bigint | null = null;
  for (const log of logs) {
    if (log.address.toLowerCase() !== manager.toLowerCase()) continue;
    try {
      const event = decodeEventLog({ abi: MANAGER_EVENTS, data: log.data, topics: log.topics });
      if (event.eventName === "IncreaseLiquidity") return event.args.tokenId;
      if (event.eventName === "Transfer" && event.args.from === ZERO) minted = event.args.tokenId;
    } catch {
      // Another event of the manager (Approval): not the one that names the position.
    }
  }
  return minted;
}

/** The token id the confirmed mint in `status` opened (read from its receipt), or `null` until known. */
export function useMintedTokenId(
  client: PublicClient | null | undefined,
  status: TxStatus,
  manager: Address | null | undefined,
): bigint | null {
  const hash = status.step === "confirmed" ? status.hash as `0x${string}` : null;
  const found = useAppQuery(queryOptions({
    queryKey: chainKey(client ?? null, "mintedTokenId", hash, manager?.toLowerCase() ?? null),
    queryFn: async () => {
      if (!hash || !client || !manager) throw new Error("No mined mint to read");
      const receipt = await client.getTransactionReceipt({ hash });
      return mintedTokenId(receipt.logs, manager);
    },
    enabled: !!hash && !!client && !!manager,
    staleTime: Infinity,
  }));
  return hash ? found.data ?? null : null;
}
