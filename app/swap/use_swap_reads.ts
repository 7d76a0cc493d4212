/**
 * What the swap panel reads besides the quote: the chosen tokens' decimals,
 * the connected account's balances of them (none without an account: another
 * account's never show), and the gateway's spam and malicious flags.
 *
 * @module
 */
import { useEffect, useState } from "react";
import type { PublicClient } from "viem";
import type { Address } from "../../lib/address.ts";
import { flaggedTokens, tokenBalance, tokenDecimals } from "../wallet/wallet_tx.ts";

/** The reads of a pair; `refresh` reads the balances again. */
export function useSwapReads(
  client: PublicClient | null,
  gatewayChain: string,
  pair: { readonly inAddress: Address | "native" | null; readonly outAddress: Address | "native" | null },
  account: Address | null,
  refresh: number,
) {
  const { inAddress, outAddress } = pair;
  const [decimals, setDecimals] = useState<Record<string, number>>({});
  const [balances, setBalances] = useState<Record<string, bigint>>({});
  const [missing, setMissing] = useState<string | null>(null);
  const [flags, setFlags] = useState<{ flagged: Set<string>; error: string | null }>({
    flagged: new Set(),
    error: null,
  });

  useEffect(() => {
    if (!client) return;
    for (const address of [inAddress, outAddress]) {
      if (!address || decimals[address] !== undefined) continue;
      tokenDecimals(client, address).then(
        (d) => setDecimals((all) => ({ ...all, [address]: d })),
        () => setMissing("This token is not on the chain"),
      );
    }
  }, [client, inAddress, outAddress, decimals]);

  useEffect(() => {
    if (!client || !account) return setBalances({});
    for (const address of [inAddress, outAddress]) {
      if (!address) continue;
      tokenBalance(client, address, account).then(
        (b) => setBalances((all) => ({ ...all, [address]: b })),
        () => {},
      );
    }
  }, [client, account, inAddress, outAddress, refresh]);

  useEffect(() => {
    const contracts = [inAddress, outAddress].filter((a): a is Address => a !== null && a !== "native");
    void flaggedTokens(gatewayChain, contracts).then(setFlags);
  }, [gatewayChain, inAddress, outAddress]);

  return { decimals, balances, flags, missing };
}
