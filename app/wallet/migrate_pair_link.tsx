/**
 * `/migrate/v2/{chain}/{pair}` (and `/migrate/v2/{pair}`): below the pair's
 * market data, the holder's pair tokens and a link to the migration form
 * (`/migrate/v2`) with the pair's two tokens picked, read from the pair.
 *
 * @module
 */
import { useEffect, useState } from "react";
import { Link, useParams } from "react-router";
import { erc20Abi, getAddress, isAddress, parseAbi } from "viem";
import { buttonClass } from "../components/controls/button.tsx";
import { formatUnitsShort } from "../lib/wallet_math.ts";
import { useChain } from "./liquidity_shared.tsx";
import { useWallet } from "./wallet_store.ts";

const PAIR_TOKENS = parseAbi(["function token0() view returns (address)", "function token1() view returns (address)"]);

/** The migration link of one pair, for the connected holder. */
export function MigratePairLink(props: { chainName: string; pairAddress: string }) {
  const wallet = useWallet();
  const { chainName } = props;
  // `/migrate/v2/{address}` names the pair `address`.
  const params = useParams();
  const pairAddress = props.pairAddress || (params.address ?? "");
  const { chain, client } = useChain(wallet, chainName || "ethereum");
  const [read, setRead] = useState<{ token0: string; token1: string; balance: bigint | null } | null | "failed">(null);
  const pair = isAddress(pairAddress) ? getAddress(pairAddress) : null;
  useEffect(() => {
    setRead(null);
    if (!client || !pair) return;
    let live = true;
    const owner = wallet.address;
    void Promise.all([
      client.readContract({ address: pair, abi: PAIR_TOKENS, functionName: "token0" }),
      client.readContract({ address: pair, abi: PAIR_TOKENS, functionName: "token1" }),
      owner ? client.readContract({ address: pair, abi: erc20Abi, functionName: "balanceOf", args: [owner] }) : null,
    ]).then(
      ([token0, token1, balance]) => live && setRead({ token0, token1, balance }),
      () => live && setRead("failed"),
    );
    return () => {
      live = false;
    };
  }, [client, pair, wallet.address]);
  if (!pair) return <p role="alert">Not a pair address: {pairAddress}</p>;
  if (wallet.ready && !chain) return <p className="muted">Migrating on this chain is not available here.</p>;
  if (read === "failed") return <p role="alert">No V2 pair at {pair}.</p>;
  if (read === null) return <p className="muted" role="status">Reading the pair…</p>;
  const query = new URLSearchParams({ inputCurrency: read.token0, outputCurrency: read.token1 });
  return (
    <div data-testid="migrate-pair">
      {read.balance !== null
        ? <p>Your pair tokens: {formatUnitsShort(read.balance, 18)}</p>
        : <p className="muted">Connect a wallet to see your pair tokens.</p>}
      <Link className={buttonClass("primary")} to={`/migrate/v2?${query}`}>Migrate this pair to V3</Link>
    </div>
  );
}
