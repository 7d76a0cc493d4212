/**
 * `/migrate/v2/{chain}/{pair}` (and `/migrate/v2/{pair}`): below the pair's
 * market data, the holder's pair tokens and a link to the migration form
 * (`/migrate/v2`) with the pair's two tokens picked, read from the pair.
 *
 * @module
 */
import { queryOptions } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { type Address, erc20Abi, getAddress, isAddress, parseAbi, type PublicClient } from "viem";
import { chainKey } from "../lib/query/chain_reads.ts";
import { useAppQuery } from "../lib/query/query_client.ts";
import { buttonClass } from "../components/controls/button.tsx";
import { formatUnitsGrouped } from "../lib/trade_math.ts";
import { useChain } from "./liquidity_shared.tsx";
import { useWallet } from "../wallet/wallet_store.ts";

const PAIR_TOKENS = parseAbi(["function token0() view returns (address)", "function token1() view returns (address)"]);

/** A V2 pair's two tokens and `owner`'s pair tokens (`null` without an owner). */
export function pairTokensQuery(client: PublicClient | null, pair: Address | null, owner: Address | null) {
  return queryOptions({
    queryKey: chainKey(client, "v2PairTokens", pair?.toLowerCase() ?? null, owner?.toLowerCase() ?? null),
    queryFn: async () => {
      if (!client || !pair) throw new Error("No chain or pair to read");
      const [token0, token1, balance] = await Promise.all([
        client.readContract({ address: pair, abi: PAIR_TOKENS, functionName: "token0" }),
        client.readContract({ address: pair, abi: PAIR_TOKENS, functionName: "token1" }),
        owner ? client.readContract({ address: pair, abi: erc20Abi, functionName: "balanceOf", args: [owner] }) : null,
      ]);
      return { token0, token1, balance };
    },
    enabled: !!client && !!pair,
    retry: false,
  });
}

/** The migration link of one pair, for the connected holder. */
export function MigratePairLink(props: { chainName: string; pairAddress: string }) {
  const wallet = useWallet();
  const { chainName } = props;
  // `/migrate/v2/{address}` names the pair `address`.
  const params = useParams();
  const pairAddress = props.pairAddress || (params.address ?? "");
  const { chain, client } = useChain(wallet, chainName || "ethereum");
  const pair = isAddress(pairAddress) ? getAddress(pairAddress) : null;
  const query = useAppQuery(pairTokensQuery(client, pair, wallet.address));
  const read = query.isError ? "failed" : query.data ?? null;
  if (!pair) return <p role="alert">Not a pair address: {pairAddress}</p>;
  if (wallet.ready && !chain) return <p className="muted">Migrating on this chain is not available here.</p>;
  if (read === "failed") return <p role="alert">No V2 pair at {pair}.</p>;
  if (read === null) return <p className="muted" role="status">Reading the pair…</p>;
  const search = new URLSearchParams({ inputCurrency: read.token0, outputCurrency: read.token1 });
  return (
    <div data-testid="migrate-pair">
      {read.balance !== null
        ? <p>Your pair tokens: {formatUnitsGrouped(read.balance, 18)}</p>
        : <p className="muted">Connect a wallet to see your pair tokens.</p>}
      <Link className={buttonClass("primary")} to={`/migrate/v2?${search}`}>Migrate this pair to V3</Link>
    </div>
  );
}
